// When a page's first field takes input, measured in the page, and which scripts the page had
// asked for by then: what the bundle and keystroke benchmarks report for /about (issue 26, item 5).
import type { BrowserContext, Page } from '@playwright/test';

declare global {
  interface Window {
    /** performance.now() (ms since the navigation started) when the watched element was first ready. */
    benchReadyAt?: number;
  }
}

/**
 * Watches, from the page's first script on, for `selector` to be in the page and ready: for a
 * field, enabled and not read-only. Checked after every DOM change and every frame, so the time
 * is that of the first frame the field is there to take a keystroke.
 */
export async function watchForReady(page: Page, selector: string): Promise<void> {
  // A string, not a function: tsx names the function's inner arrows with a helper the page lacks.
  await page.addInitScript(`(() => {
    const watched = ${JSON.stringify(selector)};
    const ready = () => {
      const element = document.querySelector(watched);
      if (!element) return false;
      return !(element.disabled === true || element.readOnly === true);
    };
    const check = () => {
      if (window.benchReadyAt !== undefined) return;
      if (ready()) {
        window.benchReadyAt = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    check();
  })();`);
}

/** Milliseconds from the navigation's start until the watched element was ready. */
export async function readyAt(page: Page, timeout = 120_000): Promise<number> {
  await page.waitForFunction(() => window.benchReadyAt !== undefined, undefined, { timeout, polling: 50 });
  return page.evaluate(() => window.benchReadyAt!);
}

/**
 * Confirms the field takes input once it reports ready: a character typed shows in it (a
 * controlled field whose handlers are not attached yet would drop it). Leaves the field as it was.
 */
export async function expectTakesInput(page: Page, selector: string): Promise<void> {
  const field = page.locator(selector);
  const before = await field.inputValue();
  await field.press('A');
  const value = await field.inputValue();
  if (value.length !== before.length + 1 || !value.includes('A')) throw new Error(`${selector} did not take a keystroke: it holds "${value}"`);
  await field.press('Backspace');
}

export interface ScriptLoad {
  path: string;
  /** ms since the navigation's start when the request began. */
  start: number;
}

/** Every same-origin script the page requested (Resource Timing), in the order requested. */
export async function scriptsRequested(page: Page): Promise<ScriptLoad[]> {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, start: entry.startTime, type: (entry as PerformanceResourceTiming).initiatorType })),
  );
  const origin = new URL(page.url()).origin;
  return entries
    .filter((entry) => entry.name.startsWith(origin) && /\.m?js$/.test(new URL(entry.name).pathname))
    .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.start }))
    .sort((a, b) => a.start - b.start);
}

/**
 * Lighthouse's mobile settings, applied over CDP before the page loads: the CPU throttled 4x, and
 * slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up).
 */
export const MOBILE = { cpuRate: 4, latencyMs: 150, downBitsPerSecond: 1_600_000, upBitsPerSecond: 750_000 } as const;

export async function emulateMobile(context: BrowserContext, page: Page): Promise<void> {
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuRate });
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE.latencyMs,
    downloadThroughput: MOBILE.downBitsPerSecond / 8,
    uploadThroughput: MOBILE.upBitsPerSecond / 8,
  });
}
