import type { BrowserWindow } from 'electron';
import { staffPages } from '../../common/staff-pages';
import { shellChannels } from '../../common/shell-bridge';
import type { ShellConfig } from '../platform/config';
import type { ElectronApi, ShellEnvironment } from '../platform/electron-api';
import { handleShellChannels } from '../security/ipc-guard';
import { DEEP_LINK_SCHEME } from '../platform/deep-link';
import { viewerMenuTemplate } from './menu';
import { openServiceLink } from './open-link';
import { printPage, savePageAsPdf } from './print-view';

/**
 * The staff viewer: one window on a service link (or the staff inbox), a small menu, printing
 * and saving through the main process. Returns how to open a link that arrives later (a second
 * launch, macOS open-url).
 */
export function startViewer(
  electron: ElectronApi,
  config: ShellConfig,
  env: ShellEnvironment,
  window: BrowserWindow,
  initialLink: string | undefined,
): (text: string | undefined) => void {
  // Registered at run time too, so a shell started by hand (not installed) still receives links.
  electron.app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);

  const show = (url: string) =>
    void window.loadURL(url).catch((error: unknown) => console.error(`The viewer could not load ${url}.`, error));
  const openLink = (text: string | undefined) =>
    openServiceLink(text, {
      appUrl: config.appUrl,
      load: (url) => show(url.toString()),
      showError: (message) => void electron.dialog.showMessageBox(window, { type: 'warning', title: 'Open Link', message }),
    });

  const print = () => printPage(window.webContents);
  const savePdf = () =>
    savePageAsPdf(window.webContents, {
      showSaveDialog: (options) => electron.dialog.showSaveDialog(window, options),
      writeFile: env.writeFile,
    });
  const report = (action: Promise<void>) =>
    void action.catch((error: unknown) =>
      electron.dialog.showMessageBox(window, { type: 'error', message: error instanceof Error ? error.message : String(error) }),
    );

  electron.Menu.setApplicationMenu(
    electron.Menu.buildFromTemplate(
      viewerMenuTemplate(
        {
          openLink: () => openLink(electron.clipboard.readText()),
          print: () => report(print()),
          savePdf: () => report(savePdf()),
          back: () => {
            const history = window.webContents.navigationHistory;
            if (history.canGoBack()) history.goBack();
          },
          quit: () => electron.app.quit(),
        },
        env.platform,
      ),
    ),
  );
  handleShellChannels(electron.ipcMain, config.appUrl, {
    [shellChannels.print]: print,
    [shellChannels.savePdf]: savePdf,
  });

  // Without a link, or behind a refused one, the staff inbox: staff log in there (issue 19).
  const inbox = new URL(staffPages.inbox, config.appUrl).toString();
  if (!initialLink || !openLink(initialLink)) show(inbox);
  return (text) => void openLink(text);
}
