// A first load on a phone (issue 26, item 5), for the keystroke benchmark (keystroke-latency.ts):
// with Lighthouse's mobile settings (CPU 4x and slow 4G over CDP: first-input.ts), the time from the
// navigation's start until About You's first question takes input, for a visitor and for an
// applicant, each in a fresh context (an empty cache) FIRST_LOADS times, against the time until
// React 'hello' (built the same way, served gzipped from loopback) has rendered its heading.
import fs from 'node:fs';
import type { Browser, BrowserContext } from '@playwright/test';
import { apiPaths } from '../../common/api';
import { emulateMobile, expectTakesInput, MOBILE, readyAt, watchForReady } from './first-input';
import { buildHelloReact, tempDir } from './renderer-build';
import { serveFolder } from './static-server';
import { percentile } from './stats';

/** First loads of each page, each in a fresh context; the median is reported. */
const FIRST_LOADS = 3;

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Median ms, over fresh contexts under the mobile settings, until `selector` is ready in `url`. */
async function firstInputOnMobile(browser: Browser, url: string, selector: string, storageState?: StorageState): Promise<number[]> {
  const times: number[] = [];
  for (let load = 0; load < FIRST_LOADS; load += 1) {
    const context = await browser.newContext(storageState ? { storageState } : {});
    if (storageState) {
      // The form opens on the last page an applicant was on (the keystroke run left Your Academics).
      const { origin } = new URL(url);
      const stored = await context.request.put(`${origin}${apiPaths.lastPage}`, { data: { last_page: new URL(url).pathname }, headers: { origin } });
      if (!stored.ok()) throw new Error(`last page: ${stored.status()} ${await stored.text()}`);
    }
    const page = await context.newPage();
    await emulateMobile(context, page);
    await watchForReady(page, selector);
    await page.goto(url, { timeout: 120_000 });
    times.push(await readyAt(page));
    if (selector.startsWith('#')) await expectTakesInput(page, selector);
    await context.close();
  }
  return times;
}

/** Prints the first load's figures: React 'hello' as the baseline, then a visitor's and the applicant's /about. */
export async function reportFirstInputOnMobile(browser: Browser, aboutURL: string, applicant: StorageState, firstQuestion: string): Promise<void> {
  const helloDir = tempDir('hello');
  try {
    await buildHelloReact(helloDir);
    const hello = await serveFolder(helloDir);
    try {
      console.log(
        `\n-- first load on a phone: CPU throttled ${MOBILE.cpuRate}x, network ${MOBILE.latencyMs} ms round trip, ${MOBILE.downBitsPerSecond / 1e6} Mbit/s down, ${MOBILE.upBitsPerSecond / 1e3} kbit/s up (CDP; Lighthouse's mobile settings), an empty cache each time`,
      );
      const helloTimes = await firstInputOnMobile(browser, `${hello.baseURL}/`, 'h1');
      const baseline = percentile(helloTimes, 50);
      const line = (label: string, times: number[]) => {
        const median = percentile(times, 50);
        console.log(`  ${label.padEnd(60)} median ${median.toFixed(0).padStart(5)} ms  (${times.map((time) => time.toFixed(0)).join(', ')})  ${(median / baseline).toFixed(1)}x baseline`);
      };
      line("baseline: React 'hello' has rendered its heading", helloTimes);
      line('a visitor opens /about: the first question takes input', await firstInputOnMobile(browser, aboutURL, `#${firstQuestion}`));
      line('the busiest applicant opens /about: the first question takes input', await firstInputOnMobile(browser, aboutURL, `#${firstQuestion}`, applicant));
    } finally {
      await hello.stop();
    }
  } finally {
    fs.rmSync(helloDir, { recursive: true, force: true });
  }
}
