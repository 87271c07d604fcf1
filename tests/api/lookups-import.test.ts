import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupCategory } from '../../common/api';
import { importLookupCsv, LookupImportError, readLookupCsv } from '../../backend/lookups/csv-import';
import { normalizeText, queryWords } from '../../backend/lookups/normalize';
import { seedLookups } from '../../backend/lookups/seed';
import { openStore, type Store } from '../../backend/open-store';
import { createTestDatabase, dialects, type TestDatabase } from '../../scripts/support/databases';
import { dataDirSealer } from '../../backend/security/sealing-keys';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

async function searchTexts(store: Store, category: LookupCategory, text: string): Promise<string[]> {
  return (await store.lookups.search(category, queryWords(text), normalizeText(text), 5)).map((hit) => hit.text);
}

async function recordOf(store: Store, category: LookupCategory, text: string) {
  const [hit] = await store.lookups.search(category, queryWords(text), normalizeText(text), 1);
  expect(hit?.text).toBe(text);
  return (await store.lookups.find(category, hit!.id))!;
}

function problemsOf(work: () => unknown): string[] {
  try {
    work();
  } catch (error) {
    if (error instanceof LookupImportError) return error.problems;
    throw error;
  }
  throw new Error('expected a LookupImportError');
}

const options = (replace: boolean) => ({ replace, source: 'test', now: Date.now() });

describe.each(dialects)('lookup CSV import on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await database.open();
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('reads quoted commas and quotes, CRLF line ends and a byte order mark, and normalizes states and countries', async () => {
    const csv = [
      'Code,Name,Address_Line_1,City,State,ZIP,Country',
      '5835,"University of Maryland, Baltimore County","1000 Hilltop Circle, Admin Bldg",Baltimore,md,21250,US',
      '0935,"Université de Montréal ""UdeM""",,Montréal,QC,H3T 1J4,Canada',
      '0936,Université Laval,,Québec,Québec,,',
      '7002,University of Oxford,,Oxford,Oxfordshire,OX1 2JD,GBR',
      '7003,Universidad de Buenos Aires,,Buenos Aires,,,argentina',
    ].join('\r\n');
    const result = await importLookupCsv(store, 'college_ceeb', Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'), options(true));
    expect(result).toMatchObject({ rows: 5, added: 5, updated: 0, total: 5 });

    expect(await recordOf(store, 'college_ceeb', 'University of Maryland, Baltimore County')).toMatchObject({
      code: '5835',
      address_line_1: '1000 Hilltop Circle, Admin Bldg',
      city: 'Baltimore',
      state: 'Maryland',
      zip: '21250',
      country: 'USA',
    });
    expect(await recordOf(store, 'college_ceeb', 'Université de Montréal "UdeM"')).toMatchObject({ state: 'Quebec', country: 'CAN' });
    // No country given: a Canadian province says which.
    expect(await recordOf(store, 'college_ceeb', 'Université Laval')).toMatchObject({ state: 'Quebec', country: 'CAN' });
    // Abroad a region is kept as written.
    expect(await recordOf(store, 'college_ceeb', 'University of Oxford')).toMatchObject({ state: 'Oxfordshire', country: 'GBR' });
    expect(await recordOf(store, 'college_ceeb', 'Universidad de Buenos Aires')).toMatchObject({ state: '', country: 'ARG' });
  });

  it('extends by default: records with a known code are updated, others added', async () => {
    await importLookupCsv(store, 'hs_ceeb', 'code,name,city,state\n1,Alpha High School,Baltimore,MD\n2,Beta High School,Towson,MD\n', options(true));
    const beta = await recordOf(store, 'hs_ceeb', 'Beta High School');

    const result = await importLookupCsv(store, 'hs_ceeb', 'code,name,city,state\n2,Beta Academy,Towson,MD\n3,Gamma High School,Laurel,MD\n', options(false));
    expect(result).toMatchObject({ rows: 2, added: 1, updated: 1, removed: 0, total: 3 });
    expect(await store.lookups.count('hs_ceeb')).toBe(3);
    // The updated record keeps its id and is found by its new name only.
    expect(await store.lookups.find('hs_ceeb', beta.id)).toMatchObject({ code: '2', name: 'Beta Academy' });
    expect(await searchTexts(store, 'hs_ceeb', 'beta')).toEqual(['Beta Academy']);
    expect(await searchTexts(store, 'hs_ceeb', 'high school')).toEqual(['Alpha High School', 'Gamma High School']);
  });

  it('replaces with --replace, and never gives a removed id to another record', async () => {
    const before = await recordOf(store, 'hs_ceeb', 'Alpha High School');
    const result = await importLookupCsv(store, 'hs_ceeb', 'code,name\n9,Delta High School\n', options(true));
    expect(result).toMatchObject({ rows: 1, added: 1, updated: 0, removed: 3, total: 1 });
    expect(await searchTexts(store, 'hs_ceeb', 'high')).toEqual(['Delta High School']);
    expect(await store.lookups.find('hs_ceeb', before.id)).toBeUndefined();
    const delta = await recordOf(store, 'hs_ceeb', 'Delta High School');
    expect(delta.id).toBeGreaterThan(3);
  });

  it('imports addresses, which need a city', async () => {
    await importLookupCsv(store, 'address', 'address_line_1,city,state,zip,country\n"1 Hopkins Pl, Suite 2",Baltimore,Maryland,21201,USA\n,Towson,MD,21204,\n', options(true));
    expect(await searchTexts(store, 'address', '212')).toEqual(['1 Hopkins Pl, Suite 2, Baltimore, MD 21201', 'Towson, MD 21204']);
    expect(await recordOf(store, 'address', 'Towson, MD 21204')).toMatchObject({ address_line_1: '', state: 'Maryland', country: 'USA' });
    expect(problemsOf(() => readLookupCsv('address', 'city,zip\n,21201\n'))).toEqual(['line 2: city is empty']);
  });

  it('refuses a file with a malformed row whole, naming its line, and changes nothing', async () => {
    const before = await searchTexts(store, 'college_ceeb', 'univ');
    const count = await store.lookups.count('college_ceeb');
    const header = 'code,name,city,state,country';
    const cases: [string, string[]][] = [
      [`${header}\n1,Good College,Baltimore,MD,USA\n2,Short Row,Towson\n`, ['line 3: expected 5 fields as in the header, found 3']],
      [`${header}\n1,Good College,Baltimore,MD,USA\n\n3,Bad Country,Paris,,Narnia\n`, ['line 4: unknown country "Narnia" (use an ISO code such as USA or US, or an English name such as United States)']],
      [`${header}\n1,Bad State,Springfield,ZZ,USA\n`, ['line 2: unknown state or province "ZZ" (use a full name such as Maryland or an abbreviation such as MD)']],
      [`${header}\n1,Good College,Baltimore,MD,USA\n2,,Towson,MD,USA\n`, ['line 3: name is empty']],
      [`${header}\n1,"--",Baltimore,MD,USA\n`, ['line 2: name has no letters or digits, so it could never be found']],
      [`${header}\n1,"Good\nCollege",Baltimore,MD,USA\n2,"Unclosed,Towson,MD,USA\n3,Other,Laurel,MD,USA\n`, ['line 4: a quoted field is never closed (its closing double quote is missing)']],
      [`${header}\n7,One,Baltimore,MD,USA\n7,Two,Towson,MD,USA\n`, ['line 3: code "7" is also on line 2']],
      [`${header}\n`, ['line 2: the file has a header but no records']],
      ['code,title\n1,X\n', ['line 1: unknown column "title"; the columns are code, name, address_line_1, city, state, zip, country', 'line 1: the header has no "name" column, which college_ceeb records need']],
    ];
    for (const [csv, problems] of cases) {
      expect(problemsOf(() => readLookupCsv('college_ceeb', csv)), csv).toEqual(problems);
      await expect(importLookupCsv(store, 'college_ceeb', csv, options(true))).rejects.toBeInstanceOf(LookupImportError);
    }
    // Every bad row is listed, not only the first.
    expect(problemsOf(() => readLookupCsv('college_ceeb', `${header}\n1,,X,MD,USA\n2,Y,Z,QQ,USA\n`))).toHaveLength(2);
    // Text that is not UTF-8 (a Windows "ANSI" export) is refused rather than imported garbled.
    const latin1 = Buffer.concat([Buffer.from(`${header}\n1,Good,Baltimore,MD,USA\n2,`), Buffer.from([0xdc]), Buffer.from('ber,Berlin,,DEU\n')]);
    expect(problemsOf(() => readLookupCsv('college_ceeb', latin1))).toEqual(['line 3: the file is not UTF-8 text (save it as "CSV UTF-8")']);

    expect(await store.lookups.count('college_ceeb')).toBe(count);
    expect(await searchTexts(store, 'college_ceeb', 'univ')).toEqual(before);
  });
});

describe('lookups:import command', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-import-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function importCommand(...args: string[]) {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/lookups-import.ts', ...args], { cwd: repoRoot, env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('writes to the store the server uses and prints a summary; a bad file changes nothing', async () => {
    const good = path.join(dataDir, 'colleges.csv');
    fs.writeFileSync(good, 'code,name,city,state,country\n5808,University of Maryland,College Park,MD,USA\n5835,"University of Maryland, Baltimore County",Baltimore,MD,USA\n');
    const imported = await importCommand('--category', 'college_ceeb', '--replace', good);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/Imported 2 college_ceeb records .*: 2 added, 0 updated, 0 previous records removed\. college_ceeb now holds 2 records\./);

    const bad = path.join(dataDir, 'bad.csv');
    fs.writeFileSync(bad, 'code,name,city,state,country\n1,Fine College,Towson,MD,USA\n2,Bad College,Nowhere,MD,Atlantis\n');
    const refused = await importCommand('--category=college_ceeb', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('was not imported; nothing was changed');
    expect(refused.stderr).toContain('line 3: unknown country "Atlantis"');

    const usage = await importCommand('--category', 'colleges', good);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Unknown category "colleges"');

    const store = await openStore({ databaseUrl: null, dataDir, sealer: dataDirSealer(dataDir) });
    try {
      expect(await store.lookups.count('college_ceeb')).toBe(2);
      expect(await searchTexts(store, 'college_ceeb', 'univ mary')).toEqual(['University of Maryland', 'University of Maryland, Baltimore County']);
    } finally {
      await store.close();
    }
  });
});

describe('default lookup data from packages (SQLite)', () => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    store = await database.open();
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('seeds every college and ZIP code once, and leaves seeded or imported categories alone', async () => {
    const first = await seedLookups(store);
    const loaded = Object.fromEntries(first.map((result) => [result.category, result.loaded]));
    expect(loaded.college_ceeb).toBeGreaterThan(15_000);
    expect(loaded.address).toBeGreaterThan(40_000);
    expect(loaded.hs_ceeb).toBe(0);

    const second = await seedLookups(store);
    expect(second.map((result) => result.loaded)).toEqual([0, 0, 0]);
    expect(second.find((result) => result.category === 'address')?.total).toBe(loaded.address);
  });

  it('finds real colleges and ZIP codes', async () => {
    const colleges = await searchTexts(store, 'college_ceeb', 'univ mary');
    expect(colleges.some((text) => /^University of Maryland/.test(text))).toBe(true);
    expect(await searchTexts(store, 'college_ceeb', 'universite de montreal')).toContain('Université de Montréal');

    const [baltimore] = await store.lookups.search('address', ['21201'], '21201', 5);
    expect(baltimore).toMatchObject({ text: 'Baltimore, MD 21201', sub_text: 'Maryland, United States' });
    expect(await store.lookups.find('address', baltimore!.id)).toMatchObject({ city: 'Baltimore', state: 'Maryland', zip: '21201', country: 'USA' });
    expect((await searchTexts(store, 'address', 'balt')).filter((text) => text.startsWith('Baltimore, MD'))).not.toHaveLength(0);
  });
});
