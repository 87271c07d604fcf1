import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import type { EngineOptions } from './engine-fixture';

/**
 * The applicant's journeys in every engine an applicant brings (issue 26): Chromium, Chromium as a
 * phone, Firefox ESR and WebKitGTK, against two servers: one as deployed (15 minutes of inactivity)
 * and one whose inactivity warning comes after 15 s, for the Still working? dialog.
 */
function freePort(): number {
  const script = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

process.env.ENGINES_PORT ??= String(freePort());
process.env.ENGINES_IDLE_PORT ??= String(freePort());
process.env.ENGINES_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-engines-'));
process.env.ENGINES_IDLE_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-engines-idle-'));
const repoRoot = path.resolve(import.meta.dirname, '../..');

function server(port: string, dataDir: string, extra: Record<string, string> = {}) {
  const url = `http://127.0.0.1:${port}`;
  return {
    command: 'node --import tsx backend/main.ts',
    cwd: repoRoot,
    url: `${url}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: port, HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...extra },
  };
}

const engine = (name: EngineOptions['engine']) => ({ name, use: { engine: name } });

export default defineConfig<EngineOptions>({
  testDir: '.',
  // Beside the Chromium suite's results, which that run clears at its start, not inside them.
  outputDir: path.join(repoRoot, 'test-results', 'engines'),
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 240_000,
  reporter: [['list']],
  projects: [engine('chromium'), engine('phone'), engine('firefox-esr'), engine('webkitgtk')],
  webServer: [
    server(process.env.ENGINES_PORT, process.env.ENGINES_DATA_DIR),
    // Warned 15 s after the last activity (time to type after the login on a busy machine), logged out 20 s later.
    server(process.env.ENGINES_IDLE_PORT, process.env.ENGINES_IDLE_DATA_DIR, { INACTIVITY_TIMEOUT_MS: '35000', INACTIVITY_WARNING_MS: '20000' }),
  ],
});
