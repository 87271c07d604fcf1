// Fills an empty store and an empty object store from a backup, then checks them against its
// manifest (issue 35; README, "Backups"):
//
//   npm run restore -- <folder>
//
// It reads the server's configuration (DATABASE_URL, DATA_DIR, the S3 settings) and refuses a store
// or object store that holds anything, changing nothing. Exit status 0: restored and checked; 1: a
// refusal, or a difference from the manifest (each named); 2: a usage or configuration problem.
import path from 'node:path';
import { restoreBackup } from '../backend/backup/backup';
import { BackupError } from '../backend/backup/manifest';
import { loadConfigOrReport } from '../backend/platform/config';
import { systemClock } from '../backend/platform/clock';
import { createObjectStore } from '../backend/storage';
import { runCommand } from './token-command';

const USAGE = 'Usage: npm run restore -- <folder>   (into an empty store and object store, as the configuration names them)';

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
    const { manifest, differences } = await restoreBackup({ database: { databaseUrl: config.databaseUrl, dataDir: config.dataDir }, objects: createObjectStore(config, systemClock), folder, pgPrograms: config.pgPrograms });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    for (const key of manifest.missingObjects) console.warn(`Not restored: object ${key}, which the database names, had been deleted before the backup could copy it.`);
    if (differences.length > 0) {
      console.error(`The restored store differs from the backup's manifest:\n${differences.map((difference) => `  - ${difference}`).join('\n')}`);
      return 1;
    }
    console.log(`Restored the backup of ${manifest.takenAt} (schema ${manifest.schemaVersion}, ${Object.keys(manifest.tables).length} tables, ${manifest.objects.length} objects) in ${seconds} s; every row count and object hash matches its manifest.`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return 1;
  }
}

runCommand(main, 'The restore failed:');
