import { useState } from 'react';
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

interface PrintApplicationProps {
  kiosk: KioskBridge;
  /** The application PDF, once prepared; the button waits, disabled, until then. */
  url: string | null;
}

/**
 * The campus kiosk prints the application on its own printer instead of downloading it: nothing of
 * the applicant may stay on the terminal, and there is no tab to open a PDF in. The button stays
 * disabled while the shell prints, so a second tap does not print twice.
 */
export function PrintApplication({ kiosk, url }: PrintApplicationProps) {
  const [printing, setPrinting] = useState(false);
  const print = async (pdfUrl: string) => {
    setPrinting(true);
    try {
      const target = sameOriginUrlOf(pdfUrl);
      if (!target) throw new Error(`Refusing to print ${pdfUrl}: not on the application's origin.`);
      await kiosk.printApplication(target);
      showSuccessToast(PRINT_SENT_MESSAGE, { label: PRINT_SENT_LABEL });
    } catch (error) {
      console.error(error);
      // The shell's own message names its internals; the applicant reads ours.
      showErrorToast(PRINT_ERROR_LABEL, PRINT_ERROR_MESSAGE);
    } finally {
      setPrinting(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={!url || printing}
      onClick={url ? () => void print(url) : undefined}
    >
      {KIOSK_PRINT_LABEL}
    </button>
  );
}
