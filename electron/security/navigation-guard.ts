import type { WebContents } from 'electron';
import { isAppOrigin } from './app-origin';

/** The few WebContents members the guard needs, so tests can hand it a fake. */
export type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/**
 * Security measures for every page either shell shows (STYLE.md item 11, Electron's checklist
 * items "limit navigation" and "limit creation of new windows"): navigation and redirects, in the
 * main frame and in any frame, stay on the application's origin; window.open and target=_blank
 * are refused; links elsewhere are refused and never handed to a browser (no shell.openExternal
 * anywhere in the shells), so a kiosk cannot become a way out to the web.
 */
export function lockToAppOrigin(contents: GuardedContents, appUrl: URL): void {
  contents.on('will-frame-navigate', (event) => {
    if (!isAllowedFrameTarget(event.url, event.isMainFrame, appUrl)) event.preventDefault();
  });
  // will-frame-navigate covers what the page starts; a server redirect is checked again here.
  contents.on('will-redirect', (event) => {
    if (!isAppOrigin(event.url, appUrl)) event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  // <webview> is off in every window's preferences; refusing here too covers a future mistake.
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/**
 * Electron shows a PDF (the kiosk's print window) through Chromium's built-in viewer, which lives
 * in a child frame of this fixed extension origin. It is the one non-application frame allowed,
 * and never as the page itself.
 */
export const PDF_VIEWER_ORIGIN = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai';

export function isAllowedFrameTarget(target: string, isMainFrame: boolean, appUrl: URL): boolean {
  if (isAppOrigin(target, appUrl)) return true;
  return !isMainFrame && (target === PDF_VIEWER_ORIGIN || target.startsWith(`${PDF_VIEWER_ORIGIN}/`));
}
