import { applicationPdfToPrint } from '../../electron/kiosk/print-instead-of-download';
import type { CdpConnection } from './cdp-pipe';

/** Time for Chromium's PDF viewer to lay the document out after the load event (as the Electron shell waits). */
const PDF_VIEWER_SETTLE_MS = 1_000;
const PDF_LOAD_LIMIT_MS = 30_000;

/**
 * The bridge's printApplication in the Chromium kiosk: the PDF (on the application's origin,
 * inline, with the applicant's cookie: the same browser) opens in a hidden tab whose print()
 * Chromium's --kiosk-printing sends to the default printer without a dialog; then the tab closes.
 * The campus's policies keep "Save as PDF" out of the destinations (docs/deploy/).
 */
export async function printApplicationInChromium(cdp: CdpConnection, appUrl: URL, pdfUrl: unknown): Promise<void> {
  const url = applicationPdfToPrint(pdfUrl, appUrl);
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', hidden: true });
  try {
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    let status = 0;
    const loaded = new Promise<void>((resolve, reject) => {
      const late = setTimeout(() => reject(new Error('The application PDF did not load in time.')), PDF_LOAD_LIMIT_MS);
      const stop = cdp.on((event) => {
        if (event.sessionId !== sessionId) return;
        if (event.method === 'Network.responseReceived' && (event.params.type as string) === 'Document') {
          status = (event.params.response as { status: number }).status;
        } else if (event.method === 'Page.loadEventFired') {
          clearTimeout(late);
          stop();
          resolve();
        }
      });
    });
    await Promise.all(['Page.enable', 'Network.enable'].map((method) => cdp.send(method, {}, sessionId)));
    await cdp.send('Page.navigate', { url: url.toString() }, sessionId);
    await loaded;
    if (status !== 200) throw new Error(`The application PDF could not be loaded (HTTP ${status}).`);
    await new Promise((resolve) => setTimeout(resolve, PDF_VIEWER_SETTLE_MS));
    await cdp.send('Runtime.evaluate', { expression: 'window.print()', awaitPromise: false }, sessionId);
  } finally {
    await cdp.send('Target.closeTarget', { targetId }).catch(() => undefined);
  }
}
