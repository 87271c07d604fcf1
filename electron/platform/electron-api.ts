import type * as Electron from 'electron';

/**
 * The part of Electron the shells use. index.ts passes the real module (so the type-check proves
 * it fits); tests pass fakes.
 */
export interface ElectronApi {
  app: Pick<Electron.App, 'requestSingleInstanceLock' | 'quit' | 'exit' | 'on' | 'whenReady' | 'setAsDefaultProtocolClient'>;
  BrowserWindow: new (options: Electron.BrowserWindowConstructorOptions) => Electron.BrowserWindow;
  ipcMain: Pick<Electron.IpcMain, 'handle'>;
  session: Pick<typeof Electron.session, 'fromPartition'>;
  Menu: Pick<typeof Electron.Menu, 'setApplicationMenu' | 'buildFromTemplate'>;
  dialog: Pick<Electron.Dialog, 'showErrorBox' | 'showMessageBox' | 'showSaveDialog'>;
  net: Pick<Electron.Net, 'fetch'>;
  clipboard: Pick<Electron.Clipboard, 'readText'>;
}

/** What the entry point knows about the process the shell runs in. */
export interface ShellEnvironment {
  preloadPath: string;
  platform: NodeJS.Platform;
  writeFile: (path: string, data: Uint8Array) => Promise<void>;
}
