import puppeteer, { type Browser, type ElementHandle } from 'puppeteer-core';
import type { EngineDriver } from './driver';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Debian's Firefox ESR over WebDriver BiDi, through puppeteer-core, which launches the given
 * executable and downloads nothing (docs/decisions.md, "Three engines").
 */
export async function firefoxDriver(): Promise<EngineDriver> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: { width: 1280, height: 720 },
  });
  const page = await browser.newPage();
  page.setDefaultTimeout(5_000);
  page.setDefaultNavigationTimeout(60_000);
  const element = async (selector: string): Promise<ElementHandle<Element>> => {
    const handle = await page.$(selector);
    if (!handle) throw new Error(`No element ${selector} on the page any more`);
    return handle;
  };
  return {
    goto: async (url) => {
      await page.goto(url);
    },
    evaluate: (source, arg) => page.evaluate(`(${source})(${JSON.stringify(arg ?? null)})`) as never,
    type: async (selector, text) => (await element(selector)).type(text),
    clear: async (selector) => {
      const field = await element(selector);
      await field.evaluate((el) => (el as HTMLInputElement).select());
      await page.keyboard.press('Backspace');
    },
    activate: async (selector) => (await element(selector)).click(),
    choose: async (selector, optionText) => {
      const select = (await element(selector)) as ElementHandle<HTMLSelectElement>;
      const value = await select.evaluate((el, text) => Array.from(el.options).find((option) => option.text.trim() === text)?.value, optionText);
      if (value === undefined) throw new Error(`No option "${optionText}" in ${selector}`);
      await select.select(value);
    },
    upload: async (selector, file) => (await element(selector) as ElementHandle<HTMLInputElement>).uploadFile(file),
    pressKey: (key) => page.keyboard.press(key),
    url: async () => page.url(),
    close: () => browser.close(),
  };
}
