import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pgProgram } from '../../../backend/backup/pg-tools';
import { loadConfig } from '../../../backend/platform/config';
import { configProblems as problemsOf } from './config-problems';

describe('scheduled backup configuration (issue 35 item 1)', () => {
  it('is off when BACKUP_DIR is unset', () => {
    expect(loadConfig({}).backup).toBeNull();
  });

  it('takes BACKUP_DIR (resolved), BACKUP_HOUR (UTC) and BACKUP_KEEP, with 2 and 7 by default', () => {
    expect(loadConfig({ BACKUP_DIR: 'backups' }, '/srv/gradapp').backup).toEqual({ dir: path.resolve('/srv/gradapp', 'backups'), hour: 2, keep: 7 });
    expect(loadConfig({ BACKUP_DIR: '/mnt/backups', BACKUP_HOUR: '23', BACKUP_KEEP: '30' }).backup).toEqual({ dir: '/mnt/backups', hour: 23, keep: 30 });
  });

  it('names every bad backup setting', () => {
    const bad = problemsOf({ BACKUP_DIR: '/mnt/backups', BACKUP_HOUR: '24', BACKUP_KEEP: '0' });
    expect(bad).toContain('BACKUP_HOUR must be a whole number from 0 to 23 (got "24").');
    expect(bad).toContain('BACKUP_KEEP must be a whole number from 1 to 365 (got "0").');
    expect(problemsOf({ BACKUP_DIR: '/mnt/backups', BACKUP_HOUR: 'two' })).toContain('BACKUP_HOUR must be a whole number from 0 to 23 (got "two").');
    expect(problemsOf({ BACKUP_HOUR: '3', BACKUP_KEEP: '5' })).toContain('BACKUP_HOUR, BACKUP_KEEP are set but BACKUP_DIR is not');
  });

  it('refuses a backup folder inside the data directory, which a lost disk would take with it', () => {
    expect(problemsOf({ DATA_DIR: '/srv/data', BACKUP_DIR: '/srv/data/backups' })).toContain('BACKUP_DIR must not be inside DATA_DIR');
  });
});

describe("PostgreSQL's client programs", () => {
  it('are found on PATH, and their absence is an error that names the Debian package', () => {
    expect(loadConfig({ PATH: '/usr/bin' }).pgPrograms).toEqual({ pgDump: '/usr/bin/pg_dump', pgRestore: '/usr/bin/pg_restore' });
    const none = loadConfig({ PATH: '/nonexistent' }).pgPrograms;
    expect(none).toEqual({ pgDump: null, pgRestore: null });
    expect(() => pgProgram(none, 'pg_dump')).toThrow("pg_dump is not installed (not on PATH): install Debian's postgresql-client (apt-get install postgresql-client)");
  });
});
