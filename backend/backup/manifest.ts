import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Dialect } from '../store/dialect';

/** Written last: a backup folder without it is incomplete, and restore refuses it. */
export const MANIFEST_FILE = 'manifest.json';
/** The objects' copies, each at its key under this folder. */
export const OBJECTS_FOLDER = 'objects';

export interface ObjectEntry {
  key: string;
  size: number;
  sha256: string;
}

/** What a backup holds, and what restore checks the restored store and object store against. */
export interface BackupManifest {
  format: 1;
  /** When the database's snapshot was taken (ISO 8601). */
  takenAt: string;
  store: Dialect;
  /** The PostgreSQL schema the dump holds (tests isolate runs in schemas); restore fills the same one. */
  pgSchema: string | null;
  /** The last migration applied to the copied database. */
  schemaVersion: string;
  /** The database's copy in the folder: SQLite's file, or pg_dump's custom-format archive. */
  database: { file: string; size: number; sha256: string };
  /** Rows of each table in the snapshot. */
  tables: Record<string, number>;
  objects: ObjectEntry[];
  /** Objects the snapshot names that were deleted before they could be copied (a document replaced meanwhile). */
  missingObjects: string[];
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function fileDigest(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

export function writeManifest(folder: string, manifest: BackupManifest): void {
  // Written beside, then renamed: a manifest is whole or absent.
  const temp = path.join(folder, `${MANIFEST_FILE}.partial`);
  fs.writeFileSync(temp, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temp, path.join(folder, MANIFEST_FILE));
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new BackupError(`${folder} holds no ${MANIFEST_FILE}: it is not a backup, or its backup did not finish.`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`${file} is of a format this version cannot read (${String(manifest.format)}).`);
  return manifest;
}

/** What was restored, as restore reads it back. */
export interface RestoredState {
  schemaVersion: string;
  tables: Record<string, number>;
  database: { size: number; sha256: string };
  /** Each manifest object's restored bytes' digest, or null when the object store has none. */
  objects: Map<string, { size: number; sha256: string } | null>;
}

/** Every difference between the manifest and what was restored, in words that name it; none: [] . */
export function differences(manifest: BackupManifest, restored: RestoredState): string[] {
  const found: string[] = [];
  if (restored.database.sha256 !== manifest.database.sha256) {
    found.push(`the database copy ${manifest.database.file} differs from the one the backup wrote (SHA-256 ${restored.database.sha256}, manifest ${manifest.database.sha256})`);
  }
  if (restored.schemaVersion !== manifest.schemaVersion) found.push(`schema version ${restored.schemaVersion}, the manifest says ${manifest.schemaVersion}`);
  for (const table of new Set([...Object.keys(manifest.tables), ...Object.keys(restored.tables)])) {
    const expected = manifest.tables[table];
    const actual = restored.tables[table];
    if (expected === undefined) found.push(`table ${table} was restored but is not in the manifest`);
    else if (actual === undefined) found.push(`table ${table} (${expected} rows in the manifest) was not restored`);
    else if (actual !== expected) found.push(`table ${table}: ${actual} rows restored, the manifest says ${expected}`);
  }
  for (const object of manifest.objects) {
    const actual = restored.objects.get(object.key);
    if (!actual) found.push(`object ${object.key} is missing`);
    else if (actual.sha256 !== object.sha256 || actual.size !== object.size) {
      found.push(`object ${object.key}: SHA-256 ${actual.sha256} (${actual.size} bytes), the manifest says ${object.sha256} (${object.size} bytes)`);
    }
  }
  return found;
}
