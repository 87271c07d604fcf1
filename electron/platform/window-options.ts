import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import { kioskSettingsArgument, SHELL_MODE_ARGUMENT, type KioskSettings, type ShellMode } from '../../common/shell-bridge';

/**
 * Each shell keeps its cookies and storage in memory only (a partition without the `persist:`
 * prefix): nothing an applicant or a service link leaves behind is ever written to the disk,
 * and quitting forgets it all. The kiosk also wipes it between applicants (kiosk/session-wipe.ts).
 */
export const SESSION_PARTITIONS: Record<ShellMode, string> = {
  kiosk: 'gradapp-kiosk',
  desktop: 'gradapp-viewer',
};

/** Electron's security checklist, the same for every window the shells open. */
function securePreferences(mode: ShellMode): WebPreferences {
  return {
    partition: SESSION_PARTITIONS[mode],
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    // The spell checker downloads its dictionaries from Google's servers: no remote content
    // other than the application's.
    spellcheck: false,
    safeDialogs: true,
  };
}

/** The window that shows the renderer, per mode; the kiosk's settings go to its preload with the mode. */
export function appWindowOptions(mode: ShellMode, preloadPath: string, kiosk?: KioskSettings): BrowserWindowConstructorOptions {
  const webPreferences: WebPreferences = {
    ...securePreferences(mode),
    preload: preloadPath,
    // The preload reads the mode synchronously from its process.argv (common/shell-bridge.ts).
    additionalArguments: [`${SHELL_MODE_ARGUMENT}${mode}`, ...(mode === 'kiosk' && kiosk ? [kioskSettingsArgument(kiosk)] : [])],
    devTools: mode !== 'kiosk',
    // The viewer's "File attached" links open the converted documents (PDF) in the same window,
    // shown by Chromium's PDF viewer, which needs plugins. The kiosk shows no PDF in its window.
    plugins: mode === 'desktop',
  };
  if (mode === 'kiosk') {
    return {
      kiosk: true,
      fullscreen: true,
      frame: false,
      autoHideMenuBar: true,
      closable: false,
      minimizable: false,
      backgroundColor: '#ffffff',
      title: 'Graduate Application',
      webPreferences,
    };
  }
  return { width: 1100, height: 900, title: 'Graduate Application Viewer', webPreferences };
}

/**
 * The kiosk's hidden window that prints the application PDF: no preload (it needs no bridge),
 * the same in-memory session (the PDF needs the applicant's cookie), and plugins on because
 * Electron shows PDFs through Chromium's built-in viewer only when they are.
 */
export function printWindowOptions(mode: ShellMode): BrowserWindowConstructorOptions {
  return {
    show: false,
    width: 816,
    height: 1056,
    webPreferences: { ...securePreferences(mode), devTools: false, plugins: true },
  };
}
