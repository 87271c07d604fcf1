import path from 'node:path';
import type { EnvReader } from './env-reader';

/** The scheduled backup where the jobs run (issue 35; docs/decisions.md, "Backups that restore"). */
export interface BackupSchedule {
  /** Where each day's backup is written, one folder a day (backup-YYYY-MM-DD). */
  dir: string;
  /** The hour of the day, UTC, from which the day's backup is taken. */
  hour: number;
  /** How many complete backups are kept; older ones are deleted after a new one succeeds. */
  keep: number;
}

const DEPENDENT_SETTINGS = ['BACKUP_HOUR', 'BACKUP_KEEP'];

/** BACKUP_DIR turns the schedule on (null: off); BACKUP_HOUR and BACKUP_KEEP without it are refused. */
export function readBackupSchedule(read: EnvReader, problems: string[], cwd: string, dataDir: string): BackupSchedule | null {
  const raw = read.optional('BACKUP_DIR');
  if (raw === null) {
    const stray = DEPENDENT_SETTINGS.filter((name) => read.optional(name) !== null);
    if (stray.length > 0) problems.push(`${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but BACKUP_DIR is not: set BACKUP_DIR to take a backup every day, or unset them.`);
    return null;
  }
  const dir = path.resolve(cwd, raw);
  const relative = path.relative(dataDir, dir);
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) {
    problems.push('BACKUP_DIR must not be inside DATA_DIR: a backup on the disk it copies is lost with it (mount another disk, then copy it off the machine).');
  }
  return { dir, hour: read.integer('BACKUP_HOUR', 2, 0, 23), keep: read.integer('BACKUP_KEEP', 7, 1, 365) };
}
