import type { Page } from '@playwright/test';
import { defaultKioskSettings, type KioskSettings } from '../../../common/shell-bridge';

/** One call the renderer made on the stand-in bridge, with the page's cookies at that moment. */
export interface ShellCall {
  name: 'resetSession' | 'printApplication';
  args: unknown[];
  cookie: string;
}

const CALLS = '__kioskShellCalls';

/**
 * Stands in for the kiosk shell's preload (electron/preload.ts), which the Electron binary this
 * machine cannot run would install: `window.gradappShell` in kiosk mode, frozen as contextBridge
 * leaves it, whose functions only record their calls. The real shell's reset would wipe and reload
 * the start page; this one leaves the page as the renderer left it, so the test can look at it.
 */
export async function standInForKioskShell(page: Page, settings: Partial<KioskSettings> = {}): Promise<void> {
  await page.addInitScript(({ callsName, kioskSettings }) => {
    const calls: unknown[] = [];
    Object.defineProperty(window, callsName, { value: calls });
    const record = (name: string, args: unknown[]) => {
      calls.push({ name, args, cookie: document.cookie });
      return Promise.resolve();
    };
    const kiosk = Object.freeze({
      ...kioskSettings,
      resetSession: () => record('resetSession', []),
      printApplication: (pdfUrl: string) => record('printApplication', [pdfUrl]),
    });
    Object.defineProperty(window, 'gradappShell', { value: Object.freeze({ mode: 'kiosk', kiosk }) });
  }, { callsName: CALLS, kioskSettings: { ...defaultKioskSettings, ...settings } });
}

export async function shellCalls(page: Page): Promise<ShellCall[]> {
  return page.evaluate((callsName) => (window as unknown as Record<string, ShellCall[]>)[callsName] ?? [], CALLS);
}

/**
 * Every visible control smaller than 44 by 44 CSS pixels (WCAG 2.5.5). A radio or checkbox counts
 * by its label, which selects it too and is the larger target.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const problems: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('a[href], button, select, textarea, input')) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.opacity === '0' || element.closest('.visually-hidden')) continue;
      if (element.getClientRects().length === 0) continue;
      const target =
        element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox')
          ? (element.labels?.[0] ?? element)
          : element;
      const { width, height } = target.getBoundingClientRect();
      if (width < min - 0.5 || height < min - 0.5) {
        const name = (element.getAttribute('aria-label') ?? target.textContent ?? element.id).trim().slice(0, 40);
        problems.push(`${element.tagName.toLowerCase()} "${name}": ${Math.round(width)} x ${Math.round(height)}`);
      }
    }
    return problems;
  }, 44);
}

/**
 * Every visible element fixed (or sticky) in the lower 40% of the screen, where an operating
 * system's on-screen keyboard rises: it would cover the keyboard's keys or sit under them.
 */
export async function fixedAtTheBottom(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const keyboardTop = window.innerHeight * 0.6;
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const { position, display, visibility } = getComputedStyle(element);
      if ((position !== 'fixed' && position !== 'sticky') || display === 'none' || visibility === 'hidden') continue;
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && box.bottom > keyboardTop) found.push(`${element.tagName.toLowerCase()}.${element.className}: ${Math.round(box.top)} to ${Math.round(box.bottom)}`);
    }
    return found;
  });
}
