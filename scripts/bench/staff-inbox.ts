// The staff inbox and export over many applications (issue 19): seeds N applications (10,000 by
// default, BENCH_STAFF_APPLICATIONS), half submitted, on SQLite and on PostgreSQL
// (BENCH_DATABASE_URL, default the tests' TEST_DATABASE_URL, in a schema of its own), then
// reports the first build of the inbox rows, the median and p99 of inbox pages (search + filter +
// sort + paging) while applicants keep saving, and the CSV export's time and peak memory. The
// baseline, measured in the same run, is one primary-key read of an account.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { csvExport, parseExportQuery } from '../../backend/staff/exports';
import { createInbox, parseInboxQuery } from '../../backend/staff/inbox';
import { createChecklistService } from '../../backend/checklist/checklist-service';
import { openStore, type Store } from '../../backend/open-store';
import { openDb, type Db } from '../../backend/store/db';
import { seedApplications } from './seed-applications';
import { percentile } from './stats';
import { dataDirSealer } from '../../backend/security/sealing-keys';

const COUNT = Number(process.env.BENCH_STAFF_APPLICATIONS ?? 10_000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PAGES = 300;
const DAY = 24 * 3_600_000;
async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

async function measure(label: string, store: Store, db: Db): Promise<void> {
  const now = Date.now();
  const [seedMs, ids] = await time(() => seedApplications(db, COUNT, now));
  let clock = now;
  const inbox = createInbox(store, () => clock);
  const [buildMs] = await time(() => inbox.refresh());
  // Each submitted file's checklist summary (issue 28 item 4), as the inbox makes those missing.
  const checklist = createChecklistService({ store, clock: () => clock });
  const [summariesMs] = await time(async () => {
    while ((await checklist.refreshMissing()) > 0);
  });

  const baseline: number[] = [];
  for (let index = 0; index < PAGES; index += 1) baseline.push((await time(() => store.accounts.findById(ids[index % ids.length]!)))[0]);

  const queries = [
    'q=alvarez&status=submitted&sort=name&order=asc',
    'q=%E5%B0%8F%E6%98%8E&program=MBA&sort=submitted_at&order=desc',
    'campus=D&term=2027FA&sort=last_saved_at&order=desc&page=7',
    'status=in_progress&sort=email&order=asc&page=3&page_size=50',
    `from=${new Date(now - 30 * DAY).toISOString().slice(0, 10)}&to=${new Date(now).toISOString().slice(0, 10)}&sort=name&order=desc`,
    'q=lukasz%20zolc&sort=name',
    'completeness=fee_awaiting&sort=outstanding&order=desc&page=4',
    'completeness=complete&program=MPA&sort=outstanding',
  ];
  const samples: number[] = [];
  const refreshes: number[] = [];
  for (let index = 0; index < PAGES; index += 1) {
    // Applicants keep saving: a few rows are stale at every page.
    if (index % 3 === 0) {
      clock += 1_000;
      for (let change = 0; change < 3; change += 1) {
        const id = ids[Math.floor(Math.random() * ids.length)]!;
        if (!(await store.submissions.find(id))) await store.answers.merge(id, { city: `City ${index}` }, 'applicant', clock);
      }
    }
    // What inbox.list does, timed in its two parts: the rows brought up to date, then the page.
    const filters = parseInboxQuery(Object.fromEntries(new URLSearchParams(queries[index % queries.length]!)));
    const [refreshMs] = await time(() => inbox.refresh());
    const [pageMs] = await time(() => store.staffInbox.page(filters));
    samples.push(refreshMs + pageMs);
    refreshes.push(refreshMs);
  }

  const request = parseExportQuery({ from: new Date(now - 90 * DAY).toISOString().slice(0, 10), to: new Date(now + DAY).toISOString().slice(0, 10) });
  let peak = process.memoryUsage().rss;
  const before = peak;
  let bytes = 0;
  let rows = 0;
  const [exportMs] = await time(async () => {
    for await (const line of csvExport(store, request)) {
      bytes += Buffer.byteLength(line);
      rows += 1;
      if (rows % 200 === 0) peak = Math.max(peak, process.memoryUsage().rss);
    }
  });

  const base = percentile(baseline, 50);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`${label}: ${COUNT} applications seeded in ${ms(seedMs)}; first build of the inbox rows ${ms(buildMs)}, of the checklist summaries ${ms(summariesMs)}`);
  console.log(`  baseline (one account by id): median ${base.toFixed(3)} ms`);
  console.log(`  inbox page (search + filter + sort + paging, applicants saving): median ${ms(percentile(samples, 50))}, p99 ${ms(percentile(samples, 99))} (${(percentile(samples, 99) / base).toFixed(0)}x baseline; goal p99 under 100 ms); of which bringing rows up to date: median ${ms(percentile(refreshes, 50))}, p99 ${ms(percentile(refreshes, 99))}`);
  console.log(`  CSV export of ${rows - 1} submitted applications (${(bytes / 1e6).toFixed(1)} MB): ${ms(exportMs)}, peak RSS ${(peak / 1e6).toFixed(0)} MB (${((peak - before) / 1e6).toFixed(0)} MB above the start)`);
}

export async function runStaffInboxBenchmark(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-bench-staff-'));
  try {
    const store = await openStore({ databaseUrl: null, dataDir, sealer: dataDirSealer(dataDir) });
    const db = openDb({ databaseUrl: null, dataDir });
    try {
      await measure('SQLite', store, db);
    } finally {
      await db.close();
      await store.close();
    }
    const schema = `bench_staff_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      const pgStore = await openStore({ databaseUrl: DATABASE_URL, dataDir, pgSchema: schema, sealer: dataDirSealer(dataDir) });
      const pgDb = openDb({ databaseUrl: DATABASE_URL, dataDir, pgSchema: schema });
      try {
        await measure('PostgreSQL', pgStore, pgDb);
      } finally {
        await pgDb.close();
        await pgStore.close();
      }
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
