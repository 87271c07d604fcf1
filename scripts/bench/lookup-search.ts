// Lookup search latency on the full default data (every ZIP code and college the seed loads),
// through the same service GET /lookup/find calls, on a fresh SQLite store and, when reachable,
// on PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
//
// Baselines measured in the same run: the same queries answered by a naive scan over the records
// held in memory, and a trivial query's round trip to the same store.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { LOOKUP_MAX_RESULTS } from '../../common/constants';
import type { LookupCategory, LookupItem } from '../../common/api';
import { createLookupService } from '../../backend/lookups/lookup-service';
import { normalizeText, queryWords } from '../../backend/lookups/normalize';
import { stateAbbreviation } from '../../backend/lookups/places';
import { prepareRecord } from '../../backend/lookups/records';
import { readZipcodeAddresses } from '../../backend/lookups/seed-addresses';
import { readDefaultSchools } from '../../backend/lookups/seed-schools';
import { seedLookups } from '../../backend/lookups/seed';
import { openStore, type Store } from '../../backend/open-store';
import type { PreparedLookupRecord } from '../../backend/lookups/lookups-store';
import { seededRandom } from '../support/seeded-random';
import { dataDirSealer } from '../../backend/security/sealing-keys';

const QUERY_COUNT = 1_000;
const WARMUP_QUERIES = 100;
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Query {
  category: LookupCategory;
  text: string;
}


function buildQueries(schools: readonly PreparedLookupRecord[], addresses: readonly PreparedLookupRecord[]): { queries: Query[]; mix: string } {
  const next = seededRandom(20_240_601);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const cut = (word: string, min: number) => word.slice(0, Math.min(word.length, min + Math.floor(next() * Math.max(1, word.length - min + 1))));
  const queries: Query[] = [];
  const share = (fraction: number) => Math.round(QUERY_COUNT * fraction);
  const mix = {
    'school-name prefixes': share(0.35),
    'words inside school names': share(0.15),
    'city prefixes': share(0.25),
    'ZIP prefixes': share(0.25),
  };
  for (let i = 0; i < mix['school-name prefixes']; i += 1) {
    const words = pick(schools).text.split(' ').filter(Boolean);
    const count = 1 + Math.floor(next() * Math.min(3, words.length));
    const head = words.slice(0, count);
    head[head.length - 1] = cut(head.at(-1)!, 2);
    queries.push({ category: 'college_ceeb', text: head.join(' ') });
  }
  for (let i = 0; i < mix['words inside school names']; i += 1) {
    const words = pick(schools).text.split(' ').filter((word) => normalizeText(word).length >= 3);
    const inner = words.length > 1 ? words.slice(1) : words;
    const chosen = [pick(inner), ...(next() < 0.4 ? [pick(inner)] : [])];
    queries.push({ category: 'college_ceeb', text: chosen.map((word) => cut(word, 3)).join(' ') || 'uni' });
  }
  for (let i = 0; i < mix['city prefixes']; i += 1) {
    const address = pick(addresses);
    const city = cut(address.city, 2);
    queries.push({ category: 'address', text: next() < 0.3 ? `${address.city} ${stateAbbreviation(address.state) ?? ''}`.trim() : city });
  }
  for (let i = 0; i < mix['ZIP prefixes']; i += 1) {
    queries.push({ category: 'address', text: cut(pick(addresses).zip, 2) });
  }
  for (let i = queries.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [queries[i], queries[j]] = [queries[j]!, queries[i]!];
  }
  return { queries, mix: Object.entries(mix).map(([kind, n]) => `${n} ${kind}`).join(', ') };
}

/** The baseline: every record scanned for each query, ranked as the store ranks. */
function naiveSearch(records: readonly PreparedLookupRecord[], text: string): string[] {
  const words = queryWords(text);
  const phrase = normalizeText(text);
  const first = phrase.split(' ')[0]!;
  if (words.length === 0) return [];
  const hits: { tier: number; key: string; name: string; index: number }[] = [];
  records.forEach((record, index) => {
    if (!words.every((word) => record.words.some((own) => own.startsWith(word)))) return;
    const name = record.norm_name;
    const tier = name === phrase ? 0 : name.startsWith(phrase) ? 1 : name.startsWith(first) ? 2 : 3;
    hits.push({ tier, key: record.sort_key, name, index });
  });
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  hits.sort((a, b) => a.tier - b.tier || order(a.key, b.key) || order(a.name, b.name) || a.index - b.index);
  return hits.slice(0, LOOKUP_MAX_RESULTS).map((hit) => records[hit.index]!.text);
}

function stats(samples: number[]): { median: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p99: at(0.99), max: sorted.at(-1)! };
}

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

async function timeEach<T>(items: readonly T[], work: (item: T) => Promise<unknown> | unknown): Promise<number[]> {
  const samples: number[] = [];
  for (const item of items) {
    const started = performance.now();
    await work(item);
    samples.push(performance.now() - started);
  }
  return samples;
}

async function benchStore(label: string, store: Store, queries: Query[], naive: Map<Query, string[]>): Promise<ReturnType<typeof stats>> {
  const seedStarted = performance.now();
  const seeded = await seedLookups(store);
  const seedMs = performance.now() - seedStarted;
  const service = createLookupService(store);
  const find = (query: Query) => service.find({ text: query.text, category: query.category }) as Promise<LookupItem[]>;
  for (const query of queries.slice(0, WARMUP_QUERIES)) await find(query);

  const search = stats(await timeEach(queries, find));
  const roundTrip = stats(await timeEach(queries, () => store.ping()));
  let agree = 0;
  for (const query of queries) {
    const texts = (await find(query)).map((item) => item.text);
    if (JSON.stringify(texts) === JSON.stringify(naive.get(query))) agree += 1;
  }
  const counts = seeded.map((result) => `${result.total} ${result.category}`).join(', ');
  console.log(`\n${label}: seeded in ${Math.round(seedMs)} ms (${counts})`);
  console.log(`  search            median ${ms(search.median)} ms   p99 ${ms(search.p99)} ms   max ${ms(search.max)} ms`);
  console.log(`  round trip        median ${ms(roundTrip.median)} ms   p99 ${ms(roundTrip.p99)} ms   (one-row query on the same store)`);
  console.log(`  search / round trip: median ${(search.median / roundTrip.median).toFixed(1)}x, p99 ${(search.p99 / roundTrip.p99).toFixed(1)}x`);
  console.log(`  same results as the naive scan: ${agree} of ${queries.length} queries`);
  return search;
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function withPgSchema<T>(work: (schema: string) => Promise<T>): Promise<T> {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    return await work(schema);
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

export async function runLookupSearchBenchmark(): Promise<void> {
  const schools = readDefaultSchools().map((fields) => prepareRecord('college_ceeb', fields));
  const addresses = readZipcodeAddresses().map((fields) => prepareRecord('address', fields));
  const { queries, mix } = buildQueries(schools, addresses);
  console.log(`${queries.length} queries (${mix}) over ${schools.length} colleges and ${addresses.length} ZIP codes; max_results ${LOOKUP_MAX_RESULTS}`);

  const naive = new Map<Query, string[]>();
  const naiveSamples = await timeEach(queries, (query) => naive.set(query, naiveSearch(query.category === 'address' ? addresses : schools, query.text)));
  const baseline = stats(naiveSamples);
  console.log(`\nbaseline, naive scan of the records in memory: median ${ms(baseline.median)} ms   p99 ${ms(baseline.p99)} ms`);

  const results: { label: string; median: number; p99: number }[] = [];

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-bench-'));
  try {
    const store = await openStore({ databaseUrl: null, dataDir, sealer: dataDirSealer(dataDir) });
    try {
      results.push({ label: 'sqlite', ...(await benchStore('sqlite', store, queries, naive)) });
    } finally {
      await store.close();
    }
    if (await postgresReachable()) {
      await withPgSchema(async (pgSchema) => {
        const pgStore = await openStore({ databaseUrl: DATABASE_URL, dataDir, pgSchema, sealer: dataDirSealer(dataDir) });
        try {
          results.push({ label: 'postgres', ...(await benchStore('postgres', pgStore, queries, naive)) });
        } finally {
          await pgStore.close();
        }
      });
    } else {
      console.log(`\npostgres: not reachable at ${DATABASE_URL}; skipped`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.log('\nsummary (ratio = naive scan / store search; higher is better)');
  for (const { label, median, p99 } of results) {
    console.log(
      `  ${label.padEnd(9)} median ${ms(median)} ms (${(baseline.median / median).toFixed(1)}x)   p99 ${ms(p99)} ms (${(baseline.p99 / p99).toFixed(1)}x)`,
    );
  }
}
