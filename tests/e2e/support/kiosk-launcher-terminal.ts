import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Cookie, type Locator, type Page } from '@playwright/test';
import type { KioskSettings } from '../../../common/shell-bridge';
import { startChromiumKiosk, type ChromiumKiosk, type KioskResetReason } from '../../../scripts/kiosk-chromium/start-chromium-kiosk';
import { chromiumLaunchOptions } from '../../../scripts/support/chromium';
import { startVirtualDisplay, type VirtualDisplay } from '../../../scripts/support/virtual-display';
import { expect } from './fixtures';
import type { WalkTerminal } from './kiosk-walk';

/**
 * The Chromium kiosk launcher (scripts/kiosk-chromium) on a virtual touch screen of the given size,
 * with Debian's Chromium. The test watches from outside: Chromium also opens a DevTools port on
 * loopback (the test's only addition to the kiosk's flags), which Playwright connects to after
 * every start, as a second client beside the launcher's own pipe.
 */
export class LauncherTerminal implements WalkTerminal {
  /** Every profile folder the kiosk used, oldest first. */
  readonly profiles: string[] = [];
  readonly resets: KioskResetReason[] = [];
  private browser!: Browser;
  page!: Page;
  private waiting: { resolve: (page: Page) => void; reject: (error: unknown) => void }[] = [];
  private kiosk!: ChromiumKiosk;

  private constructor(private readonly display: VirtualDisplay) {}

  static async open(baseURL: string, settings: KioskSettings, screen: { width: number; height: number }): Promise<LauncherTerminal> {
    const terminal = new LauncherTerminal(await startVirtualDisplay(screen));
    terminal.kiosk = await startChromiumKiosk({
      appUrl: new URL(baseURL),
      kiosk: settings,
      chromiumPath: chromiumLaunchOptions.executablePath!,
      // The suite's flags but --headless (this Chromium draws on the virtual screen), and the test's port.
      extraArgs: [...chromiumLaunchOptions.args!.filter((arg) => arg !== '--headless'), '--remote-debugging-port=0'],
      env: { ...process.env, DISPLAY: terminal.display.display },
      onReady: (browser, reason) => {
        terminal.profiles.push(browser.profileDir);
        terminal.resets.push(reason);
        if (reason === 'start') return;
        const waiting = terminal.waiting.splice(0);
        terminal.connect().then(
          (page) => waiting.forEach(({ resolve }) => resolve(page)),
          (error: unknown) => waiting.forEach(({ reject }) => reject(error)),
        );
      },
    });
    await terminal.connect();
    return terminal;
  }

  /** Playwright on the browser now on screen, and its one page once it shows the start page. */
  private async connect(): Promise<Page> {
    const profile = this.kiosk.current().profileDir;
    const [port] = fs.readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n');
    this.browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const page = this.browser.contexts()[0]!.pages().find((candidate) => candidate.url().endsWith('/about'));
    if (!page) throw new Error(`The kiosk shows no start page (${this.browser.contexts()[0]!.pages().map((p) => p.url()).join(', ')}).`);
    await expect(page.getByLabel('First Name', { exact: true })).toBeVisible();
    this.page = page;
    return page;
  }

  nextReset(): Promise<Page> {
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  resetRequests(): number {
    return this.resets.filter((reason) => reason === 'requested').length;
  }

  cookies(): Promise<Cookie[]> {
    return this.browser.contexts()[0]!.cookies();
  }

  /** A touch as a touch screen sends it: a finger down and up at the element's centre, through Chromium's input. */
  async tap(target: Locator): Promise<void> {
    await expect(target).toBeEnabled();
    await target.scrollIntoViewIfNeeded();
    const box = (await target.boundingBox())!;
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await this.page.context().newCDPSession(this.page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await this.kiosk.stop();
    this.display.stop();
  }
}
