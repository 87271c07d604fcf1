import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, takeBackup } from '../../backend/backup/backup';
import { existingTables } from '../../backend/backup/database-copy';
import { OBJECTS_FOLDER, type BackupManifest } from '../../backend/backup/manifest';
import { openSqliteDatabase } from '../../backend/store/sqlite-database';
import { dialects, type TestDialect } from '../../scripts/support/databases';
import { createRestoreTarget } from './support/restore-target';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Issue 35 item 1: restore fills an empty store only, says what a backup could not copy, and names
 * every difference of a tampered backup. The restore drill (backup-restore-drill.test.ts) is the
 * whole journey.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const GONE_PDF = 'converted/gone/essay/replaced.pdf';

/** Two accounts with answers, an uploaded object, and a conversion naming an object deleted before any backup. */
async function seed(server: TestServer): Promise<{ fileKey: string; accountIds: string[] }> {
  const db = server.database.openDb();
  const now = Date.now();
  const accountIds = [randomUUID(), randomUUID()];
  const fileKey = `uploads/${accountIds[0]}/resume/${randomUUID()}`;
  try {
    await db.kysely.insertInto('accounts').values(accountIds.map((id, index) => ({ id, username: `backup${index}.${id}@example.edu`, password_hash: 'x', confirmed_at: now, created_at: now, updated_at: now }))).execute();
    await db.kysely.insertInto('answers').values(accountIds.flatMap((account_id) => ['first_name', 'last_name'].map((answer_key) => ({ account_id, answer_key, value: JSON.stringify(`${answer_key} of ${account_id}`), updated_at: now })))).execute();
    await db.kysely
      .insertInto('conversions')
      .values({ id: randomUUID(), account_id: accountIds[0]!, answer_key: 'resume', file_key: fileKey, file_name: 'resume.pdf', file_size: 5, status: 'COMPLETED', message: null, pdf_key: GONE_PDF, claimed_by: null, claimed_at: null, created_at: now, updated_at: now })
      .execute();
  } finally {
    await db.close();
  }
  await server.objects.put(fileKey, Buffer.from('%PDF-1.4 resume'), 'application/pdf');
  return { fileKey, accountIds };
}

function tempFolder(label: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), `gradapp-${label}-`)), 'backup');
}

describe.each(dialects)('backup and restore on %s', (dialect: TestDialect) => {
  let server: TestServer;
  let folder: string;
  let manifest: BackupManifest;
  let fileKey: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, { mail: false });
    ({ fileKey } = await seed(server));
    folder = tempFolder('backup');
    manifest = await takeBackup({ database: server.database, objects: server.objects, folder, pgPrograms: server.config.pgPrograms }, Date.now);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(path.dirname(folder), { recursive: true, force: true });
  });

  it('holds the schema version, rows per table, each object with its hash, and says which named object was gone', () => {
    expect(manifest.store).toBe(dialect);
    expect(manifest.schemaVersion).toMatch(/^\d{3}-/);
    expect(manifest.tables.accounts).toBe(2);
    expect(manifest.tables.answers).toBe(4);
    expect(manifest.tables.conversions).toBe(1);
    expect(manifest.objects).toEqual([{ key: fileKey, size: 15, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(fs.readFileSync(path.join(folder, OBJECTS_FOLDER, ...fileKey.split('/')), 'utf8')).toBe('%PDF-1.4 resume');
    expect(manifest.missingObjects).toEqual([GONE_PDF]);
  });

  it('refuses a store that is not empty, and an object store that is not empty, changing nothing', async () => {
    await expect(restoreBackup({ database: server.database, objects: server.objects, folder, pgPrograms: server.config.pgPrograms })).rejects.toThrow(/The database is not empty \(\d+ tables, .*\): restore fills an empty store only\. Nothing was changed\./);
    const target = await createRestoreTarget(dialect, { pgSchema: server.database.pgSchema });
    try {
      await target.objects.put('uploads/someone/else', Buffer.from('x'), 'application/octet-stream');
      await expect(restoreBackup({ database: target.database, objects: target.objects, folder, pgPrograms: target.config.pgPrograms })).rejects.toThrow('The object store is not empty (it holds uploads/someone/else, among others perhaps): restore fills an empty one only. Nothing was changed.');
      expect(await existingTables(target.database)).toEqual([]);
    } finally {
      await target.drop();
    }
  });
});

describe.runIf(dialects.includes('sqlite'))('a tampered backup', () => {
  let server: TestServer;
  let folder: string;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { mail: false });
    await seed(server);
    folder = tempFolder('tampered');
    await takeBackup({ database: server.database, objects: server.objects, folder, pgPrograms: server.config.pgPrograms }, Date.now);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(path.dirname(folder), { recursive: true, force: true });
  });

  it('makes `npm run restore` exit non-zero, naming the changed object and the missing row', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
    const objectFile = path.join(folder, OBJECTS_FOLDER, ...manifest.objects[0]!.key.split('/'));
    const bytes = fs.readFileSync(objectFile);
    bytes.writeUInt8(bytes.readUInt8(0) ^ 1, 0);
    fs.writeFileSync(objectFile, bytes);
    const copy = openSqliteDatabase(path.join(folder, manifest.database.file));
    copy.prepare("delete from answers where answer_key = 'last_name' and account_id = (select min(account_id) from answers)").run([]);
    copy.close();

    const target = await createRestoreTarget('sqlite');
    try {
      const failed = await run(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', folder], { cwd: repoRoot, env: { ...process.env, ...target.env } }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain("The restored store differs from the backup's manifest:");
      expect(failed?.stderr).toContain(`object ${manifest.objects[0]!.key}: SHA-256`);
      expect(failed?.stderr).toContain(`table answers: 3 rows restored, the manifest says 4`);
      expect(failed?.stderr).toContain('the database copy database.sqlite differs from the one the backup wrote');
    } finally {
      await target.drop();
    }
  });
});
