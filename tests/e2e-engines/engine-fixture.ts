import net from 'node:net';
import { test as base } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/support/chromium';
import { Applicant } from './applicant';
import type { Engine, EngineDriver } from './drivers/driver';
import { firefoxDriver } from './drivers/firefox-driver';
import { playwrightDriver } from './drivers/playwright-driver';
import { webkitDriver } from './drivers/webkit-driver';

export interface EngineOptions {
  engine: Engine;
}

/** A port nobody listens on now, for the WebDriver server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The two servers of the config: as deployed, and with a 4 s inactivity warning. */
export const servers = {
  main: { baseURL: `http://127.0.0.1:${process.env.ENGINES_PORT}`, dataDir: process.env.ENGINES_DATA_DIR ?? '' },
  idle: { baseURL: `http://127.0.0.1:${process.env.ENGINES_IDLE_PORT}`, dataDir: process.env.ENGINES_IDLE_DATA_DIR ?? '' },
};

/** `applicant(baseURL)` opens a browser of the project's engine; each is closed when the test ends. */
export const test = base.extend<EngineOptions & { applicant: (baseURL: string) => Promise<Applicant> }>({
  engine: ['chromium', { option: true }],
  applicant: async ({ engine, playwright }, use) => {
    const drivers: EngineDriver[] = [];
    await use(async (baseURL) => {
      const driver =
        engine === 'firefox-esr'
          ? await firefoxDriver()
          : engine === 'webkitgtk'
            ? await webkitDriver(await freePort())
            : await playwrightDriver(await playwright.chromium.launch(chromiumLaunchOptions), engine === 'phone');
      drivers.push(driver);
      return new Applicant(driver, baseURL);
    });
    for (const driver of drivers) await driver.close();
  },
});

export { expect } from '@playwright/test';
