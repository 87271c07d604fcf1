import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { BackupSchedule } from '../platform/backup-settings';
import type { Clock } from '../platform/clock';
import type { PgPrograms } from '../platform/config';
import type { ObjectStore } from '../storage';
import { takeBackup } from './backup';
import type { DatabaseLocation } from './database-copy';
import { MANIFEST_FILE, readManifest } from './manifest';

export type BackupOutcome = { ok: true; at: number } | { ok: false };

export interface ScheduledBackupDeps {
  schedule: BackupSchedule;
  database: DatabaseLocation;
  objects: ObjectStore;
  pgPrograms: PgPrograms;
  clock: Clock;
  logger: Logger;
  /** Told of each backup's outcome, and at start of the last one kept (metrics). */
  onOutcome?: (outcome: BackupOutcome) => void;
}

/** How often the jobs' instance asks whether the day's backup is due; a failed one is tried again at the next. */
export const BACKUP_CHECK_INTERVAL_MS = 10 * 60_000;
const DAY_FOLDER = /^backup-\d{4}-\d{2}-\d{2}$/;

const complete = (dir: string, name: string) => DAY_FOLDER.test(name) && fs.existsSync(path.join(dir, name, MANIFEST_FILE));

/** The complete backups in the folder, newest first. */
export function keptBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => complete(dir, name)).sort().reverse();
}

/**
 * Takes the day's backup (backup-YYYY-MM-DD, UTC) once its hour has come, unless it exists, then
 * deletes the complete backups beyond the newest `keep`. The day's folder is claimed by creating
 * it, so of two instances running the jobs one takes it; a failure is logged, reported, and its
 * folder removed, so that the next check tries again.
 */
export async function runScheduledBackup(deps: ScheduledBackupDeps): Promise<'taken' | 'not due' | 'failed'> {
  const { schedule, logger } = deps;
  const now = new Date(deps.clock());
  if (now.getUTCHours() < schedule.hour) return 'not due';
  const folder = path.join(schedule.dir, `backup-${now.toISOString().slice(0, 10)}`);
  try {
    fs.mkdirSync(schedule.dir, { recursive: true, mode: 0o700 });
    fs.mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    // Taken today already, or being taken by another instance.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'not due';
    return failed(deps, folder, error);
  }
  try {
    const manifest = await takeBackup({ database: deps.database, objects: deps.objects, folder, pgPrograms: deps.pgPrograms }, deps.clock);
    for (const old of keptBackups(schedule.dir).slice(schedule.keep)) fs.rmSync(path.join(schedule.dir, old), { recursive: true, force: true });
    logger.info({ folder, objects: manifest.objects.length, missingObjects: manifest.missingObjects.length }, 'scheduled backup taken');
    deps.onOutcome?.({ ok: true, at: Date.parse(manifest.takenAt) });
    return 'taken';
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    return failed(deps, folder, error);
  }
}

function failed(deps: ScheduledBackupDeps, folder: string, error: unknown): 'failed' {
  deps.logger.error({ err: error, folder }, `scheduled backup failed; it is tried again in ${BACKUP_CHECK_INTERVAL_MS / 60_000} minutes`);
  deps.onOutcome?.({ ok: false });
  return 'failed';
}

/**
 * Where the jobs run: checks at start and every BACKUP_CHECK_INTERVAL_MS, one backup at a time.
 * Its own timer, so that housekeeping never waits on a long dump; a job queue can call
 * runScheduledBackup instead. Returns the stop function.
 */
export function startScheduledBackups(deps: ScheduledBackupDeps): () => void {
  const [latest] = keptBackups(deps.schedule.dir);
  if (latest) deps.onOutcome?.({ ok: true, at: Date.parse(readManifest(path.join(deps.schedule.dir, latest)).takenAt) });
  let running = false;
  const check = () => {
    if (running) return;
    running = true;
    void runScheduledBackup(deps).finally(() => {
      running = false;
    });
  };
  check();
  const timer = setInterval(check, BACKUP_CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
