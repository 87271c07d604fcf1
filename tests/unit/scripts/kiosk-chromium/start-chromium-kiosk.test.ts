import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shellChannels } from '../../../../common/shell-bridge';
import type { KioskChromium } from '../../../../scripts/kiosk-chromium/chromium-process';
import type { KioskPageOptions } from '../../../../scripts/kiosk-chromium/kiosk-page';

// The browsers and pages are stand-ins: what is checked is what the kiosk starts and ends, and when.
const launched: { browser: KioskChromium; stopped: boolean }[] = [];
const pages: KioskPageOptions[] = [];
let duringStop: (() => void) | undefined;

vi.mock('../../../../scripts/kiosk-chromium/chromium-process', () => ({
  launchKioskChromium: vi.fn(async () => {
    let end = () => undefined as void;
    const exited = new Promise<void>((resolve) => (end = resolve));
    const entry = { stopped: false, browser: undefined as unknown as KioskChromium };
    entry.browser = {
      profileDir: `/tmp/gradapp-kiosk-${launched.length}`,
      cdp: { send: vi.fn(async () => ({})), on: vi.fn() } as unknown as KioskChromium['cdp'],
      exited,
      stop: vi.fn(async () => {
        // Ending the browser ends its page's renderer: the page reports a crash and the browser its exit.
        duringStop?.();
        entry.stopped = true;
        end();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }),
      output: () => '',
    };
    launched.push(entry);
    return entry.browser;
  }),
}));
vi.mock('../../../../scripts/kiosk-chromium/kiosk-page', () => ({
  openKioskPage: vi.fn(async (_cdp: unknown, options: KioskPageOptions) => {
    pages.push(options);
    return { navigate: vi.fn(async () => undefined) };
  }),
}));

const { startChromiumKiosk } = await import('../../../../scripts/kiosk-chromium/start-chromium-kiosk');

describe('the Chromium kiosk stopping', () => {
  beforeEach(() => {
    launched.length = 0;
    pages.length = 0;
    duringStop = undefined;
  });

  it('starts no browser after stop, though ending the last one reports a crash of its page', async () => {
    const kiosk = await startChromiumKiosk({ chromiumPath: 'chromium', appUrl: new URL('http://kiosk.example.edu/'), kiosk: { idleMs: 120_000, countdownMs: 60_000 }, onError: () => undefined });
    expect(launched).toHaveLength(1);
    duringStop = () => pages[0]!.onCrash();
    await kiosk.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(launched).toHaveLength(1);
    expect(launched[0]!.stopped).toBe(true);
  });

  it('ends a browser a reset was starting when stop came, and leaves none running', async () => {
    const kiosk = await startChromiumKiosk({ chromiumPath: 'chromium', appUrl: new URL('http://kiosk.example.edu/'), kiosk: { idleMs: 120_000, countdownMs: 60_000 }, onError: () => undefined });
    // The applicant logs out (the page asks for the reset) just as the terminal is shut down.
    const reset = pages[0]!.handlers[shellChannels.resetSession]!();
    await kiosk.stop();
    await reset;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(launched.map((entry) => entry.stopped)).toEqual(launched.map(() => true));
  });
});
