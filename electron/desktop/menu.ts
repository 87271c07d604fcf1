import type { MenuItemConstructorOptions } from 'electron';

export interface ViewerMenuActions {
  openLink: () => void;
  /** Back from a document opened from the print view. */
  back: () => void;
  print: () => void;
  savePdf: () => void;
  quit: () => void;
}

/**
 * The viewer's whole menu: open a service link, print it, save it as PDF, go back from an attached
 * document, quit. Nothing else.
 */
export function viewerMenuTemplate(actions: ViewerMenuActions, platform: NodeJS.Platform): MenuItemConstructorOptions[] {
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Open Link from Clipboard\u2026', accelerator: 'CmdOrCtrl+L', click: actions.openLink },
      { type: 'separator' },
      { label: 'Print\u2026', accelerator: 'CmdOrCtrl+P', click: actions.print },
      { label: 'Save as PDF\u2026', accelerator: 'CmdOrCtrl+S', click: actions.savePdf },
      { type: 'separator' },
      { label: 'Back', accelerator: platform === 'darwin' ? 'Cmd+[' : 'Alt+Left', click: actions.back },
      { type: 'separator' },
      { label: 'Quit', accelerator: 'CmdOrCtrl+Q', click: actions.quit },
    ],
  };
  // macOS puts the first menu under the application's name, and copying a link needs Edit.
  const edit: MenuItemConstructorOptions = { role: 'editMenu' };
  return platform === 'darwin' ? [{ role: 'appMenu' }, file, edit] : [file, edit];
}
