import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { EngineDriver } from './drivers/driver';

/** What the in-page locator finds by: a role and accessible name, a label, or a text, inside another. */
export interface Query {
  role?: string;
  name?: string;
  namePrefix?: string;
  /** A heading's level. */
  level?: number;
  label?: string;
  text?: string;
  within?: Query;
}

interface Located {
  count: number;
  selector?: string;
  name?: string;
  value?: string | null;
  focused?: boolean;
}

const LOCATOR = fs.readFileSync(path.join(import.meta.dirname, 'in-page-locator.js'), 'utf8').replace(/^(\/\*.*\*\/|\/\/.*)\n/gm, '').trim();
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The rules the Chromium suite checks with @axe-core/playwright (tests/e2e/support/fixtures.ts). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * How long a condition may take to come true. Generous, because the machine may be busy with other
 * work on every core: the wait ends as soon as the condition holds, so a quiet machine pays nothing.
 */
export const PATIENCE_MS = 30_000;

const describe = (query: Query): string => JSON.stringify(query);

/**
 * An applicant at a browser of any engine: finds what they see by role, name and label, and acts
 * on it with the engine's own input. Every wait is for a condition, polled until a deadline.
 */
export class Applicant {
  constructor(
    readonly driver: EngineDriver,
    readonly baseURL: string,
  ) {}

  async open(pathname: string): Promise<void> {
    await this.driver.goto(new URL(pathname, this.baseURL).toString());
  }

  /** Polls `check` until it returns something other than undefined, or fails after the deadline. */
  async until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = PATIENCE_MS): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let last: unknown;
    for (;;) {
      try {
        const value = await check();
        if (value !== undefined) return value;
      } catch (error) {
        last = error;
      }
      if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}${last ? `: ${String(last)}` : ''}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  locate(query: Query): Promise<Located> {
    return this.driver.evaluate<Located>(LOCATOR, query);
  }

  /** The one visible element the query names, once it is there. */
  async find(query: Query, timeoutMs = PATIENCE_MS): Promise<Located & { selector: string }> {
    let count = 0;
    return this.until(`one ${describe(query)}`, async () => {
      const found = await this.locate(query);
      count = found.count;
      return found.selector ? (found as Located & { selector: string }) : undefined;
    }, timeoutMs).catch((error: Error) => {
      throw new Error(`${error.message} (found ${count})`);
    });
  }

  async sees(query: Query, timeoutMs = PATIENCE_MS): Promise<void> {
    await this.find(query, timeoutMs);
  }

  async seesNo(query: Query, timeoutMs = PATIENCE_MS): Promise<void> {
    await this.until(`no ${describe(query)}`, async () => ((await this.locate(query)).count === 0 ? true : undefined), timeoutMs);
  }

  /**
   * Acts on the element the query names. A page may draw the element anew between finding and
   * acting (a card replaced by the next one, a re-render): then it is found again and the action
   * repeated, until the deadline.
   */
  private async act(query: Query, action: (found: Located & { selector: string }) => Promise<void>): Promise<void> {
    await this.until(`to act on ${describe(query)}`, async () => {
      await action(await this.find(query));
      return true;
    });
  }

  /** Types into the field as keystrokes, replacing what it held. */
  async type(query: Query, text: string): Promise<void> {
    await this.act(query, async ({ selector, value }) => {
      if (value) await this.driver.clear(selector);
      await this.driver.type(selector, text);
    });
  }

  async activate(query: Query): Promise<void> {
    await this.act(query, ({ selector }) => this.driver.activate(selector));
  }

  async choose(query: Query, optionText: string): Promise<void> {
    await this.act(query, ({ selector }) => this.driver.choose(selector, optionText));
  }

  async upload(query: Query, file: string): Promise<void> {
    await this.act(query, ({ selector }) => this.driver.upload(selector, file));
  }

  async valueOf(query: Query): Promise<string | null | undefined> {
    return (await this.find(query)).value;
  }

  async waitForUrl(pattern: RegExp, timeoutMs = PATIENCE_MS): Promise<void> {
    await this.until(`the address to match ${pattern}`, async () => (pattern.test(await this.driver.url()) ? true : undefined), timeoutMs);
  }

  /** A call to the server from the page, with the applicant's session, as the renderer makes it. */
  async api<T>(method: string, pathname: string, body?: unknown): Promise<{ status: number; json: T | null }> {
    return this.driver.evaluate(
      `async ({ method, pathname, body }) => {
        const response = await fetch(pathname, {
          method,
          credentials: 'same-origin',
          headers: body === null ? {} : { 'content-type': 'application/json' },
          body: body === null ? undefined : JSON.stringify(body),
        });
        const type = response.headers.get('content-type') || '';
        return { status: response.status, json: type.includes('json') ? await response.json() : null };
      }`,
      { method, pathname, body: body ?? null },
    );
  }

  /** axe-core's WCAG 2.1 A and AA violations on the page, injected as a script where the driver has no axe integration. */
  async accessibilityViolations(): Promise<string[]> {
    return this.driver.evaluate<string[]>(
      `async (tags) => {
        if (!window.axe) { ${AXE_SOURCE} }
        const results = await window.axe.run(document, { runOnly: { type: 'tag', values: tags } });
        return results.violations.map((v) => v.id + ': ' + v.help + ' (' + v.nodes.length + ')');
      }`,
      AXE_TAGS,
    );
  }

  /** Whether the page is wider than the window, so that it scrolls sideways. */
  async scrollsSideways(): Promise<boolean> {
    return this.driver.evaluate<boolean>('() => document.documentElement.scrollWidth > window.innerWidth + 1');
  }
}
