import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = new URL('../../../../scripts/node24/run-suites.sh', import.meta.url).pathname;

describe('scripts/node24/run-suites.sh', () => {
  it('fails loudly, running nothing, when Node 24 cannot be fetched', () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-node24-cache-'));
    try {
      // A registry nobody answers at, and an empty cache: there is no Node 24 to be had.
      const run = spawnSync('bash', [script], {
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, GRADAPP_CACHE_DIR: cache, npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0' },
      });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/node24: FAILED: Node 24\.\d+\.\d+ cannot be fetched from the npm registry/);
      expect(run.stdout).not.toMatch(/vitest/i);
      expect(fs.readdirSync(cache)).toEqual([]);
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });
});
