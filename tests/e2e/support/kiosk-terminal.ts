import type { BrowserContext, Page } from '@playwright/test';
import type { KioskSettings } from '../../../common/shell-bridge';

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
export class KioskTerminal {
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

  /** The fresh page on the start page after the next reset. */
  nextReset(): Promise<Page> {
    return new Promise((resolve) => this.waiting.push(resolve));
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

/** Everything the page's own scripts can still find in this browser, for a search for the last applicant. */
export async function browserTraces(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const storage = (store: Storage) => Object.fromEntries(Object.keys(store).map((key) => [key, store.getItem(key)]));
    const databases = (await indexedDB.databases()).map((database) => database.name);
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        // The application's own assets are the same for everyone; anything else is read whole.
        const response = request.url.includes('/assets/') ? undefined : await cache.match(request);
        cached.push(`${request.url} ${response ? await response.text() : ''}`);
      }
    }
    return JSON.stringify({
      localStorage: storage(localStorage),
      sessionStorage: storage(sessionStorage),
      cookie: document.cookie,
      databases,
      cached,
      fields: [...document.querySelectorAll<HTMLInputElement>('input, textarea, select')].map((field) => field.value),
    });
  });
}
