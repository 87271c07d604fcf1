import type { BrowserContext, Cookie, Locator, Page } from '@playwright/test';
import type { KioskSettings } from '../../../common/shell-bridge';
import type { WalkTerminal } from './kiosk-walk';

/** One call the renderer made on the test's bridge. */
export interface TerminalCall {
  name: 'resetSession' | 'printApplication';
  args: unknown[];
}

const BINDING = '__gradappKioskShell';

/**
 * A campus kiosk in Chromium: the test plays the Electron main process and its preload. Every page
 * of the context gets `window.gradappShell` in kiosk mode with the given times (frozen, as
 * contextBridge leaves it); `resetSession` does what electron/kiosk/session-wipe.ts does: a fresh
 * page goes up first, the applicant's page is closed (its sessionStorage, history and memory go
 * with it), the context's cookies and every storage of the origin are cleared (Chromium's
 * Storage.clearDataForOrigin, as Electron's clearStorageData), then the start page loads.
 * `printApplication` records the PDF's address, as the kiosk printer would take it.
 */
export class KioskTerminal implements WalkTerminal {
  readonly calls: TerminalCall[] = [];
  private waiting: ((page: Page) => void)[] = [];
  private resetting: Promise<void> | null = null;

  private constructor(
    private readonly context: BrowserContext,
    private readonly baseURL: string,
    public page: Page,
  ) {}

  static async open(context: BrowserContext, baseURL: string, settings: KioskSettings): Promise<KioskTerminal> {
    await context.addInitScript(
      ({ binding, kioskSettings }) => {
        const call = (name: string, args: unknown[]) =>
          (window as unknown as Record<string, (name: string, args: unknown[]) => Promise<void>>)[binding]!(name, args);
        const kiosk = Object.freeze({
          ...kioskSettings,
          resetSession: () => call('resetSession', []),
          printApplication: (pdfUrl: string) => call('printApplication', [pdfUrl]),
        });
        Object.defineProperty(window, 'gradappShell', { value: Object.freeze({ mode: 'kiosk', kiosk }) });
      },
      { binding: BINDING, kioskSettings: settings },
    );
    const terminal = new KioskTerminal(context, baseURL, await context.newPage());
    await context.exposeBinding(BINDING, (_source, name: TerminalCall['name'], args: unknown[]) => {
      terminal.calls.push({ name, args });
      // The applicant's page is closed by the reset: its promise is never answered, as in Electron.
      if (name === 'resetSession') void terminal.reset();
    });
    await terminal.page.goto('/about');
    return terminal;
  }

  nextReset(): Promise<Page> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  resetRequests(): number {
    return this.calls.filter((call) => call.name === 'resetSession').length;
  }

  cookies(): Promise<Cookie[]> {
    return this.context.cookies();
  }

  tap(target: Locator): Promise<void> {
    return target.tap();
  }

  private reset(): Promise<void> {
    this.resetting ??= (async () => {
      const previous = this.page;
      const fresh = await this.context.newPage();
      this.page = fresh;
      await previous.close();
      await this.context.clearCookies();
      const cdp = await this.context.newCDPSession(fresh);
      await cdp.send('Storage.clearDataForOrigin', { origin: new URL(this.baseURL).origin, storageTypes: 'all' });
      await cdp.detach();
      await fresh.goto('/about');
      for (const resolve of this.waiting.splice(0)) resolve(fresh);
    })().finally(() => {
      this.resetting = null;
    });
    return this.resetting;
  }
}
