import type { CdpConnection } from './cdp-pipe';

interface WindowBounds {
  width: number;
  height: number;
}

/**
 * Makes the kiosk window cover the screen where no window manager did. `--kiosk` asks the window
 * manager for full screen; a terminal whose X session runs Chromium alone (xinit, or a display
 * manager's session with no window manager) has nobody to ask, and the window keeps Chromium's
 * default size in a corner, the desktop showing beside it. The window is then placed over the
 * screen itself. Chromium keeps a window on X11 without a window manager one pixel short of the
 * screen in each direction, so a black line at the right and bottom edges remains there.
 */
export async function fillTheScreen(cdp: CdpConnection, targetId: string, sessionId: string): Promise<void> {
  const { windowId, bounds } = await cdp.send<{ windowId: number; bounds: WindowBounds }>('Browser.getWindowForTarget', { targetId });
  const { result } = await cdp.send<{ result: { value: WindowBounds } }>(
    'Runtime.evaluate',
    { expression: '({ width: screen.width, height: screen.height })', returnByValue: true },
    sessionId,
  );
  const screen = result.value;
  if (bounds.width >= screen.width && bounds.height >= screen.height) return;
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'normal' } });
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: { left: 0, top: 0, width: screen.width, height: screen.height } });
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'fullscreen' } });
}
