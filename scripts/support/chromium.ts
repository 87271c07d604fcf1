import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium as the e2e suite and the browser benchmarks launch it (TOOLCHAIN.md): Playwright
 * never downloads a browser of its own, and nothing reaches past loopback.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
