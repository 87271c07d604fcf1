import type { BrowserWindow } from 'electron';
import type { ShellConfig } from './platform/config';
import { findDeepLink } from './platform/deep-link';
import { startViewer } from './desktop/start-viewer';
import type { ElectronApi, ShellEnvironment } from './platform/electron-api';
import { startKiosk } from './kiosk/start-kiosk';
import { addFallbackPolicy } from './security/content-security-policy';
import { lockToAppOrigin } from './security/navigation-guard';
import { denyAllPermissions } from './security/permissions';
import { checkApplicationReachable } from './startup-check';
import { appWindowOptions, SESSION_PARTITIONS } from './platform/window-options';

export type { ElectronApi, ShellEnvironment } from './platform/electron-api';

/** Exit codes: 1 when the application cannot be reached, 2 for a configuration problem (index.ts). */
export const EXIT_UNREACHABLE = 1;

/**
 * Starts either shell. Returns false when another instance already runs (it was asked to take
 * over) or the application cannot be reached; windows open only after those checks.
 */
export async function startAppShell(electron: ElectronApi, config: ShellConfig, env: ShellEnvironment): Promise<boolean> {
  const { app } = electron;
  if (!app.requestSingleInstanceLock()) {
    // The first instance gets our command line through 'second-instance' and focuses itself.
    app.quit();
    return false;
  }

  let mainWindow: BrowserWindow | undefined;
  // Links that arrive before the viewer is up wait here; the kiosk never opens links.
  let pendingLink = config.mode === 'desktop' ? config.initialLink : undefined;
  let openLink: (text: string | undefined) => void = (text) => {
    pendingLink = text;
  };

  app.on('second-instance', (_event, argv) => {
    if (mainWindow && !mainWindow.isDestroyed()) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
    const link = findDeepLink(argv);
    if (config.mode === 'desktop' && link) openLink(link);
  });
  // macOS delivers gradapp:// links as an event, possibly before the app is ready.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    if (config.mode === 'desktop') openLink(url);
  });
  app.on('window-all-closed', () => app.quit());
  // Security measures for every WebContents, the kiosk's print window included.
  app.on('web-contents-created', (_event, contents) => lockToAppOrigin(contents, config.appUrl));

  await app.whenReady();

  const reachable = await checkApplicationReachable(config.appUrl, (url, init) => electron.net.fetch(url, init));
  if (!reachable.ok) {
    console.error(reachable.message);
    electron.dialog.showErrorBox('Graduate Application cannot start', reachable.message);
    app.exit(EXIT_UNREACHABLE);
    return false;
  }

  const session = electron.session.fromPartition(SESSION_PARTITIONS[config.mode]);
  denyAllPermissions(session);
  addFallbackPolicy(session);
  session.setSpellCheckerEnabled(false);
  const createAppWindow = () => new electron.BrowserWindow(appWindowOptions(config.mode, env.preloadPath, config.kiosk));

  if (config.mode === 'kiosk') {
    startKiosk(electron, config, session, createAppWindow, (window) => {
      mainWindow = window;
    });
  } else {
    mainWindow = createAppWindow();
    openLink = startViewer(electron, config, env, mainWindow, pendingLink);
  }
  return true;
}
