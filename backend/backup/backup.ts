import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../platform/clock';
import type { PgPrograms } from '../platform/config';
import type { ObjectStore } from '../storage';
import { copyDatabase, existingTables, loadDatabase, readContents, type DatabaseLocation } from './database-copy';
import { BackupError, differences, fileDigest, readManifest, writeManifest, type BackupManifest } from './manifest';
import { copyObjects, firstObject, restoredDigests, restoreObjects } from './object-copy';

export interface BackupTarget {
  database: DatabaseLocation;
  objects: ObjectStore;
  /** The backup's folder: new or empty. */
  folder: string;
  /** pg_dump and pg_restore, as the configuration found them (a PostgreSQL store only). */
  pgPrograms: PgPrograms;
}

/**
 * Takes a backup while the server serves (docs/decisions.md, "Backups that restore"): the database
 * as one snapshot, then every object, then the manifest, written last. The objects are copied after
 * the snapshot, so every object it names is there unless deleted meanwhile, which the manifest says.
 */
export async function takeBackup({ database, objects, folder, pgPrograms }: BackupTarget, clock: Clock): Promise<BackupManifest> {
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) throw new BackupError(`${folder} is not empty: a backup goes into a new or empty folder.`);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const takenAt = new Date(clock()).toISOString();
  const snapshot = await copyDatabase(database, folder, pgPrograms);
  const copied = await copyObjects(objects, folder);
  const keys = new Set(copied.map((object) => object.key));
  const manifest: BackupManifest = {
    format: 1,
    takenAt,
    store: database.databaseUrl === null ? 'sqlite' : 'postgres',
    pgSchema: database.pgSchema ?? null,
    schemaVersion: snapshot.schemaVersion,
    database: { file: snapshot.file, ...(await fileDigest(path.join(folder, snapshot.file))) },
    tables: snapshot.tables,
    objects: copied,
    missingObjects: snapshot.namedObjectKeys.filter((key) => !keys.has(key)).sort(),
  };
  writeManifest(folder, manifest);
  return manifest;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Every difference between the manifest and what was restored; empty when the restore is whole. */
  differences: string[];
}

/**
 * Fills an empty store and an empty object store from a backup, then reads both back and compares
 * them with the manifest. A store or object store that holds anything is refused before anything
 * is changed.
 */
export async function restoreBackup({ database, objects, folder, pgPrograms }: BackupTarget): Promise<RestoreResult> {
  const manifest = readManifest(folder);
  const dialect = database.databaseUrl === null ? 'sqlite' : 'postgres';
  if (manifest.store !== dialect) throw new BackupError(`This backup is of the ${manifest.store} store; the configuration selects ${dialect}.`);
  if (manifest.pgSchema !== (database.pgSchema ?? null)) throw new BackupError(`This backup holds the PostgreSQL schema ${manifest.pgSchema ?? 'public'}; the target is ${database.pgSchema ?? 'public'}.`);
  const tables = await existingTables(database);
  if (tables.length > 0) {
    throw new BackupError(`The database is not empty (${tables.length} tables, ${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ', …' : ''}): restore fills an empty store only. Nothing was changed.`);
  }
  const object = await firstObject(objects);
  if (object !== null) throw new BackupError(`The object store is not empty (it holds ${object}, among others perhaps): restore fills an empty one only. Nothing was changed.`);
  // Read before loading: what is loaded is this file, whatever happens to the folder meanwhile.
  const databaseDigest = await fileDigest(path.join(folder, manifest.database.file));
  await loadDatabase(database, folder, manifest.database.file, pgPrograms);
  await restoreObjects(objects, folder, manifest.objects);
  const restored = { ...(await readContents(database)), database: databaseDigest, objects: await restoredDigests(objects, manifest.objects) };
  return { manifest, differences: differences(manifest, restored) };
}
