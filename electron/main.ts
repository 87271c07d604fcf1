import { app, BrowserWindow, ipcMain, session } from 'electron';
import path from 'node:path';
import { loadShellConfig, type ShellConfig } from './config';
import { isAppOrigin } from './navigation-policy';

/**
 * The Electron main process: one window on the hosted renderer, locked to its origin. The kiosk
 * and desktop behaviours beyond this (session wipe, printing, gradapp:// links) come with the
 * Electron issue; this is the secure skeleton they build on.
 */
function createWindow(config: ShellConfig): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 900,
    kiosk: config.mode === 'kiosk',
    autoHideMenuBar: config.mode === 'kiosk',
    webPreferences: {
      preload: path.join(import.meta.dirname, 'preload.js'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
      devTools: config.mode !== 'kiosk',
    },
  });

  // region security measures
  window.webContents.on('will-navigate', (event, url) => {
    if (!isAppOrigin(url, config.appUrl)) event.preventDefault();
  });
  window.webContents.on('will-redirect', (event, url) => {
    if (!isAppOrigin(url, config.appUrl)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  // endregion

  void window.loadURL(config.appUrl.toString());
  return window;
}

export function startShell(argv: readonly string[], env: Record<string, string | undefined>): void {
  const config = loadShellConfig(argv, env);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // Every IPC sender is checked again: only the application's own pages may ask.
  ipcMain.handle('gradapp:mode', (event) => {
    if (!isAppOrigin(event.senderFrame?.url ?? '', config.appUrl)) throw new Error('IPC refused: unexpected sender.');
    return config.mode;
  });
  void app.whenReady().then(() => createWindow(config));
  app.on('window-all-closed', () => app.quit());
}
