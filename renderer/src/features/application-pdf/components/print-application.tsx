import { useId, useState } from 'react';
import type { KioskBridge } from '../../../../../common/shell-bridge';
import { showErrorToast, showSuccessToast } from '../../../components/ui/notifications';

export const KIOSK_PRINT_LABEL = 'Print your application';
export const PRINT_SENT_LABEL = 'Print Notification';
export const PRINT_SENT_MESSAGE = 'Your application was sent to the printer. Please collect it before you leave.';
export const PRINT_ERROR_LABEL = 'Print Error';
export const PRINT_ERROR_MESSAGE = 'We could not print your application. Please try again, or ask a member of staff for help.';

/** The PDF's address as the shell needs it: absolute, and only ever on the application's origin. */
export function sameOriginUrlOf(url: string): string | null {
  const resolved = new URL(url, window.location.href);
  return resolved.origin === window.location.origin ? resolved.href : null;
}

/** Where the printout comes out, as the button's hint says it; null when the campus did not say. */
export function printerLocationHint(kiosk: KioskBridge): string | null {
  return kiosk.printerLocation ? `Printouts come out at: ${kiosk.printerLocation}.` : null;
}

/**
 * Prints the application PDF on the kiosk's printer and tells the applicant how it went (and where
 * to collect it); the shell's own message names its internals, so a failure reads ours. Used by
 * the print button and by any link to the PDF at the kiosk (app/kiosk-links.ts).
 */
export async function printOnKiosk(kiosk: KioskBridge, pdfUrl: string): Promise<void> {
  try {
    const target = sameOriginUrlOf(pdfUrl);
    if (!target) throw new Error(`Refusing to print ${pdfUrl}: not on the application's origin.`);
    await kiosk.printApplication(target);
    const where = printerLocationHint(kiosk);
    showSuccessToast(where ? `${PRINT_SENT_MESSAGE} ${where}` : PRINT_SENT_MESSAGE, { label: PRINT_SENT_LABEL });
  } catch (error) {
    console.error(error);
    showErrorToast(PRINT_ERROR_LABEL, PRINT_ERROR_MESSAGE);
  }
}

interface PrintApplicationProps {
  kiosk: KioskBridge;
  /** The application PDF, once prepared; the button waits, disabled, until then. */
  url: string | null;
}

/**
 * The campus kiosk prints the application on its own printer instead of downloading it: nothing of
 * the applicant may stay on the terminal, and there is no tab to open a PDF in. The button stays
 * disabled while the shell prints, so a second tap does not print twice; it says where the
 * printout comes out when the campus configured it (the bridge's `printerLocation`).
 */
export function PrintApplication({ kiosk, url }: PrintApplicationProps) {
  const [printing, setPrinting] = useState(false);
  const hintId = useId();
  const where = printerLocationHint(kiosk);
  const print = async (pdfUrl: string) => {
    setPrinting(true);
    try {
      await printOnKiosk(kiosk, pdfUrl);
    } finally {
      setPrinting(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={!url || printing}
        aria-describedby={where ? hintId : undefined}
        onClick={url ? () => void print(url) : undefined}
      >
        {KIOSK_PRINT_LABEL}
      </button>
      {where && (
        <span id={hintId} className="print-application__where">
          {where}
        </span>
      )}
    </>
  );
}
