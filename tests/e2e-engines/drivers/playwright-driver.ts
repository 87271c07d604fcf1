import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import type { EngineDriver } from './driver';

/** A phone as the issue tried it: 390 by 844 CSS pixels, touch, taps instead of clicks. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/** Chromium through Playwright (Debian's Chromium, scripts/support/chromium.ts), as a desktop or a phone; closing closes the browser. */
export async function playwrightDriver(browser: Browser, phone: boolean): Promise<EngineDriver> {
  const context = await browser.newContext(phone ? PHONE : {});
  const page: Page = await context.newPage();
  page.setDefaultTimeout(5_000);
  page.setDefaultNavigationTimeout(60_000);
  return {
    goto: async (url) => {
      await page.goto(url);
    },
    evaluate: (source, arg) => page.evaluate(`(${source})(${JSON.stringify(arg ?? null)})`),
    type: (selector, text) => page.locator(selector).pressSequentially(text),
    clear: (selector) => page.locator(selector).clear(),
    activate: (selector) => (phone ? page.locator(selector).tap() : page.locator(selector).click()),
    choose: async (selector, optionText) => {
      await page.locator(selector).selectOption({ label: optionText });
    },
    upload: (selector, file) => page.locator(selector).setInputFiles(file),
    pressKey: (key) => page.keyboard.press(key),
    url: async () => page.url(),
    close: () => browser.close(),
  };
}
