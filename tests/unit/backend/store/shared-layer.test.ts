// backend/store/ is the layer under every feature (issue 27 item 4): the connection, the schema
// types, the migrations and the query helpers. Each feature's queries live in its own folder and
// the whole store is assembled at the top (backend/open-store.ts), so the layer names no feature.
import fs from 'node:fs';
import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MADGE_CONFIG = JSON.parse(fs.readFileSync(path.join(ROOT, '.madgerc'), 'utf8')) as { fileExtensions: string[]; tsConfig: string };

describe('the store layer', { timeout: 60_000 }, () => {
  it('imports nothing of backend/ outside itself (common/ and packages only)', async () => {
    const result = await madge(path.join(ROOT, 'backend/store'), { ...MADGE_CONFIG, tsConfig: path.join(ROOT, MADGE_CONFIG.tsConfig) });
    const outside = Object.entries(result.obj()).flatMap(([file, imports]) =>
      imports.filter((imported) => imported.startsWith('../') && !imported.startsWith('../../common/')).map((imported) => `${file} -> ${imported}`),
    );
    expect(Object.keys(result.obj())).toContain('db.ts');
    expect(outside).toEqual([]);
  });
});
