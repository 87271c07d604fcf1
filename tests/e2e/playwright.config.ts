import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/support/chromium';

/**
 * The config is evaluated again in every worker; the port and data folder are chosen once by the
 * main process and handed down through the environment, so all workers talk to one server.
 */
function freePort(): number {
  // The config must be synchronous; a short child process asks the OS for a free port.
  const script = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

process.env.E2E_PORT ??= String(freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-e2e-'));
// A fixed test key: the service-and-prefill spec mints its links through the admin endpoint.
process.env.E2E_ADMIN_API_KEY ??= 'e2e-admin-api-key-0123456789-abcdefghij';
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  // In CI a test that fails is run once more: one that then passes is reported "flaky" (and named at
  // the end of .ci/run's log) rather than refusing the run; one that fails twice fails the run.
  // Locally nothing is retried, so a flaky test shows as the failure it is (docs/decisions.md).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: 'node --import tsx backend/main.ts',
    cwd: repoRoot,
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ADMIN_API_KEY: process.env.E2E_ADMIN_API_KEY,
    },
  },
});
