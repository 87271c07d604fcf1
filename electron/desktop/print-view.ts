import type { BrowserWindow, SaveDialogOptions, SaveDialogReturnValue, WebContents } from 'electron';

export type PrintableContents = Pick<WebContents, 'print' | 'printToPDF' | 'getTitle'>;

/** The viewer's Print: the system print dialog, where staff choose the printer. Cancelling is not an error. */
export function printPage(contents: PrintableContents): Promise<void> {
  return new Promise((resolve, reject) => {
    contents.print({ silent: false, printBackground: true }, (success, failureReason) => {
      // Electron reports a dialog closed without printing as "Print job canceled".
      if (success || /cancel/i.test(failureReason)) resolve();
      else reject(new Error(`Printing failed: ${failureReason}.`));
    });
  });
}

export interface SavePdfDeps {
  showSaveDialog: (options: SaveDialogOptions) => Promise<SaveDialogReturnValue>;
  writeFile: (path: string, data: Uint8Array) => Promise<void>;
}

/** The viewer's Save as PDF: the page shown, as Chromium prints it, where the staff member chooses. */
export async function savePageAsPdf(contents: PrintableContents, deps: SavePdfDeps): Promise<void> {
  const choice = await deps.showSaveDialog({
    title: 'Save the application as PDF',
    defaultPath: `${pdfFileName(contents.getTitle())}.pdf`,
    filters: [{ name: 'PDF', extensions: ['pdf'] }],
  });
  if (choice.canceled || !choice.filePath) return;
  const pdf = await contents.printToPDF({ printBackground: true, pageSize: 'Letter' });
  await deps.writeFile(choice.filePath, pdf);
}

/** A file name from the page title, safe on every operating system. */
export function pdfFileName(title: string): string {
  const name = title.replace(/[^A-Za-z0-9 ._-]+/g, ' ').trim().replace(/\s+/g, '-');
  return name || 'application';
}

export type ViewerWindow = Pick<BrowserWindow, 'webContents'>;
