import type { BrowserWindow, Session } from 'electron';
import { shellChannels } from '../../common/shell-bridge';
import type { ShellConfig } from '../platform/config';
import type { ElectronApi } from '../platform/electron-api';
import { handleShellChannels } from '../security/ipc-guard';
import { printWindowOptions } from '../platform/window-options';
import { backstopTimeoutMs, KIOSK_RESET_RETRY_MS, kioskStartUrl } from '../../common/kiosk-reset';
import { startIdleReset } from './idle-reset';
import { printApplicationPdf, refuseDownloads } from './print-instead-of-download';
import { resetWhenRendererFails } from './renderer-recovery';
import { createKioskReset } from './session-wipe';

/**
 * The kiosk: one locked window on the start page, reset (wiped, replaced, back to /about) when the
 * renderer asks (logout, its "Still there?" countdown run out), when its renderer crashes or
 * hangs, and by the idle backstop after the renderer's whole sequence should have finished.
 */
export function startKiosk(
  electron: ElectronApi,
  config: ShellConfig,
  session: Session,
  createAppWindow: () => BrowserWindow,
  onWindow: (window: BrowserWindow) => void,
): void {
  // No menu means no accelerators either: no reload, devtools or zoom shortcuts.
  electron.Menu.setApplicationMenu(null);
  refuseDownloads(session);

  let current: BrowserWindow | undefined;
  let quitting = false;
  electron.app.on('before-quit', () => {
    quitting = true;
  });

  const idle = startIdleReset({ timeoutMs: backstopTimeoutMs(config.kiosk), onIdle: () => resetOrRetry() });
  const reset = createKioskReset(
    session,
    {
      replaceWithBlankWindow: () => {
        const previous = current;
        const fresh = createAppWindow();
        current = fresh;
        onWindow(fresh);
        watchKioskWindow(fresh);
        previous?.destroy();
        idle.disarm();
        return { loadURL: (url) => fresh.loadURL(url) };
      },
    },
    kioskStartUrl(config.appUrl),
  );

  // A reset that fails (the backend went away while loading the start page) has already removed
  // the applicant's page and wiped the session; it is tried again until the start page loads,
  // so the terminal does not stay blank until someone touches it.
  const resetOrRetry = (): Promise<void> =>
    reset().catch((error: unknown) => {
      console.error('Kiosk reset failed; trying again shortly.', error);
      setTimeout(() => void resetOrRetry(), KIOSK_RESET_RETRY_MS);
    });

  function watchKioskWindow(window: BrowserWindow): void {
    idle.watch(window.webContents);
    resetWhenRendererFails(window.webContents, resetOrRetry);
    // Alt+F4 and the like must not drop an applicant at the desktop; IT stops the kiosk from
    // the operating system (a signal or the session), which quits the app.
    window.on('close', (event) => {
      if (!quitting) event.preventDefault();
    });
    // devTools is off in the window's preferences; this also covers a command-line switch.
    window.webContents.on('devtools-opened', () => window.webContents.closeDevTools());
  }

  handleShellChannels(electron.ipcMain, config.appUrl, {
    [shellChannels.resetSession]: () => reset(),
    [shellChannels.printApplication]: (pdfUrl) =>
      printApplicationPdf(pdfUrl, {
        appUrl: config.appUrl,
        printer: config.kioskPrinter,
        openPrintWindow: () => new electron.BrowserWindow(printWindowOptions('kiosk')),
      }),
  });

  void resetOrRetry();
}
