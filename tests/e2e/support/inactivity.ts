import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export interface InactivityTimes {
  timeoutMs: number;
  warningMs: number;
}

/**
 * The e2e server keeps the spec's 15 minutes, so the other specs (which take up to a minute) are
 * never interrupted. A page gets shorter times the way a deployment would: the meta tags of the
 * index.html the server wrote from its configuration, here rewritten on the way to the browser.
 */
export async function shortenInactivity(page: Page, { timeoutMs, warningMs }: InactivityTimes): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    expect(html).toContain('<meta name="gradapp-inactivity-timeout-ms" content="900000" />');
    expect(html).toContain('<meta name="gradapp-inactivity-warning-ms" content="60000" />');
    const body = html
      .replace('name="gradapp-inactivity-timeout-ms" content="900000"', `name="gradapp-inactivity-timeout-ms" content="${timeoutMs}"`)
      .replace('name="gradapp-inactivity-warning-ms" content="60000"', `name="gradapp-inactivity-warning-ms" content="${warningMs}"`);
    await route.fulfill({ response, body });
  });
}
