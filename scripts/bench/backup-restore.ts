// What a backup and a restore cost (issue 35; README, "Backups"): N applications (10,000 by
// default, BENCH_BACKUP_APPLICATIONS; the staff-inbox benchmark's generator, half submitted) and
// one uploaded document per ten applicants (20 KB each) in the local object store, on SQLite and on
// PostgreSQL (BENCH_DATABASE_URL, default the tests' TEST_DATABASE_URL: a schema of its own, restored
// into a database of its own). Times `npm run backup`'s and `npm run restore`'s work (restore
// includes its check of every row count and object hash). The baseline, measured in the same run,
// is a plain copy of the same bytes: the SQLite file and the objects' files.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { restoreBackup, takeBackup } from '../../backend/backup/backup';
import type { DatabaseLocation } from '../../backend/backup/database-copy';
import { loadConfig } from '../../backend/platform/config';
import { openStore } from '../../backend/open-store';
import { openDb } from '../../backend/store/db';
import { createObjectStore } from '../../backend/storage';
import { seedApplications } from './seed-applications';
import { dataDirSealer } from '../../backend/security/sealing-keys';

const COUNT = Number(process.env.BENCH_BACKUP_APPLICATIONS ?? 10_000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DOCUMENT_BYTES = 20_000;

const objectsOf = (dataDir: string) => createObjectStore(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), Date.now);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

async function measure(label: string, source: DatabaseLocation, target: DatabaseLocation, work: string): Promise<void> {
  const store = await openStore({ ...source, sealer: dataDirSealer(source.dataDir) });
  const db = openDb(source);
  const objects = objectsOf(source.dataDir);
  try {
    const ids = await seedApplications(db, COUNT, Date.now());
    for (const id of ids.filter((_, index) => index % 10 === 0)) await objects.put(`uploads/${id}/resume_doc/${randomBytes(8).toString('hex')}`, randomBytes(DOCUMENT_BYTES), 'application/pdf');
  } finally {
    await db.close();
    await store.close();
  }
  const folder = path.join(work, `${label}-backup`);
  const pgPrograms = loadConfig({ NODE_ENV: 'test' }).pgPrograms;
  const [backupMs, manifest] = await timed(() => takeBackup({ database: source, objects, folder, pgPrograms }, Date.now));
  const [restoreMs, restored] = await timed(() => restoreBackup({ database: target, objects: objectsOf(target.dataDir), folder, pgPrograms }));
  if (restored.differences.length > 0) throw new Error(`${label}: the restore differs: ${restored.differences.join('; ')}`);
  const [baselineMs] = await timed(async () => {
    const copy = path.join(work, `${label}-plain-copy`);
    if (source.databaseUrl === null) await fs.promises.copyFile(path.join(source.dataDir, 'gradapp.sqlite'), path.join(work, `${label}-plain.sqlite`));
    await fs.promises.cp(path.join(source.dataDir, 'objects'), copy, { recursive: true });
  });
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  const size = (fs.statSync(path.join(folder, manifest.database.file)).size / 1e6).toFixed(1);
  console.log(`${label}: ${COUNT} applications (${rows} rows, a ${size} MB ${manifest.database.file}) and ${manifest.objects.length} documents`);
  console.log(`  backup ${seconds(backupMs)}, restore with its check ${seconds(restoreMs)}; baseline (a plain copy of the ${source.databaseUrl === null ? 'file and ' : ''}objects) ${seconds(baselineMs)}: backup ${(backupMs / baselineMs).toFixed(1)}x, restore ${(restoreMs / baselineMs).toFixed(1)}x`);
}

export async function runBackupRestoreBenchmark(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-bench-backup-'));
  const dir = (name: string) => {
    const folder = path.join(work, name);
    fs.mkdirSync(folder, { recursive: true });
    return folder;
  };
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  const schema = `bench_backup_${randomBytes(4).toString('hex')}`;
  const database = `bench_restore_${randomBytes(4).toString('hex')}`;
  try {
    await measure('SQLite', { databaseUrl: null, dataDir: dir('sqlite-source') }, { databaseUrl: null, dataDir: dir('sqlite-target') }, work);
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`CREATE DATABASE ${database}`);
    const targetUrl = new URL(DATABASE_URL);
    targetUrl.pathname = `/${database}`;
    await measure('PostgreSQL', { databaseUrl: DATABASE_URL, dataDir: dir('pg-source'), pgSchema: schema }, { databaseUrl: targetUrl.toString(), dataDir: dir('pg-target'), pgSchema: schema }, work);
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
  }
}
