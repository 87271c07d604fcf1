import type { Session, WebContents } from 'electron';
import { isAppOrigin } from '../security/app-origin';

/** A kiosk writes nothing to its disk: every download is cancelled before it starts. */
export function refuseDownloads(session: Pick<Session, 'on'>): void {
  session.on('will-download', (event) => event.preventDefault());
}

export interface PrintWindow {
  webContents: Pick<WebContents, 'loadURL' | 'print' | 'once'>;
  destroy(): void;
}

export interface PrintApplicationOptions {
  appUrl: URL;
  /** A hidden window on the kiosk's session (window-options.ts, printWindowOptions). */
  openPrintWindow: () => PrintWindow;
  /** The printer's name; undefined prints on the system's default printer. */
  printer: string | undefined;
  /** Time for Chromium's PDF viewer to lay the document out after the load event. */
  settle?: () => Promise<void>;
}

/** Unverified here (no Electron binary): a guess at how long the PDF viewer needs before print(). */
const PDF_VIEWER_SETTLE_MS = 1_000;

/**
 * The address a kiosk shell loads to print what the page asked for (both shells ask this): only
 * a URL on the application's origin, always `inline` (an attachment would become a download,
 * which a kiosk refuses).
 */
export function applicationPdfToPrint(pdfUrl: unknown, appUrl: URL): URL {
  if (typeof pdfUrl !== 'string' || !isAppOrigin(pdfUrl, appUrl)) {
    throw new Error('Only the application PDF on the application\u2019s own address can be printed.');
  }
  const url = new URL(pdfUrl);
  url.searchParams.set('disposition', 'inline');
  return url;
}

/**
 * The bridge's printApplication: the application PDF goes to the kiosk's printer without a
 * dialog. Silent on purpose: the system print dialog offers "Print to file" / "Save as PDF" and
 * a file browser, which would write the applicant's PDF to a shared machine's disk. The PDF is
 * loaded in a hidden window on the kiosk's session (it needs the applicant's cookie), always
 * `inline` (an attachment would become a download, which is refused), and only from the
 * application's origin.
 */
export async function printApplicationPdf(pdfUrl: unknown, options: PrintApplicationOptions): Promise<void> {
  const url = applicationPdfToPrint(pdfUrl, options.appUrl);
  const window = options.openPrintWindow();
  try {
    let status = 0;
    window.webContents.once('did-navigate', (_event, _url, httpResponseCode) => {
      status = httpResponseCode;
    });
    await window.webContents.loadURL(url.toString());
    if (status !== 200) throw new Error(`The application PDF could not be loaded (HTTP ${status}).`);
    await (options.settle ?? (() => new Promise<void>((resolve) => setTimeout(resolve, PDF_VIEWER_SETTLE_MS))))();
    await new Promise<void>((resolve, reject) => {
      window.webContents.print(
        { silent: true, printBackground: true, ...(options.printer ? { deviceName: options.printer } : {}) },
        (success, failureReason) => (success ? resolve() : reject(new Error(`Printing failed: ${failureReason}.`))),
      );
    });
  } finally {
    window.destroy();
  }
}
