// A backup of the store and every object, taken while the server serves (issue 35; README, "Backups"):
//
//   npm run backup -- <folder>     the folder must be new or empty
//
// It reads the server's configuration (DATABASE_URL, DATA_DIR, the S3 settings).
import path from 'node:path';
import { takeBackup } from '../backend/backup/backup';
import { BackupError } from '../backend/backup/manifest';
import { loadConfigOrReport } from '../backend/platform/config';
import { systemClock } from '../backend/platform/clock';
import { createObjectStore } from '../backend/storage';
import { runCommand } from './token-command';

const USAGE = 'Usage: npm run backup -- <folder>   (a new or empty folder; the server may keep serving)';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfigOrReport();
  if (!config) return 2;
  const folder = path.resolve(argv[0]!);
  const started = performance.now();
  try {
    const manifest = await takeBackup({ database: { databaseUrl: config.databaseUrl, dataDir: config.dataDir }, objects: createObjectStore(config, systemClock), folder, pgPrograms: config.pgPrograms }, systemClock);
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Backed up the ${manifest.store} store (schema ${manifest.schemaVersion}, ${rows} rows in ${Object.keys(manifest.tables).length} tables) and ${manifest.objects.length} objects to ${folder} in ${seconds} s.`);
    for (const key of manifest.missingObjects) console.warn(`Not in the backup: object ${key}, which the database names, was deleted before it could be copied (a document replaced meanwhile).`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return 1;
  }
}

runCommand(main, 'The backup failed:');
