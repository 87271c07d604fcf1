// Fills an empty store and an empty object store from a backup, then checks them against its
// manifest (issue 35; README, "Backups"):
//
//   npm run restore -- <folder>
//
// It reads the server's configuration (DATABASE_URL, DATA_DIR, the S3 settings) and refuses a store
// or object store that holds anything, changing nothing. Exit status 0: restored and checked; 1: a
// refusal, or a difference from the manifest (each named); 2: a usage or configuration problem.
import { restoreBackup } from '../backend/backup/backup';
import { systemClock } from '../backend/platform/clock';
import { createObjectStore } from '../backend/storage';
import { runOnBackupFolder } from './backup-command';
import { runCommand } from './token-command';

const USAGE = 'Usage: npm run restore -- <folder>   (into an empty store and object store, as the configuration names them)';

const main = () =>
  runOnBackupFolder(USAGE, async (config, folder) => {
    const started = performance.now();
    const { manifest, differences } = await restoreBackup({ database: { databaseUrl: config.databaseUrl, dataDir: config.dataDir }, objects: createObjectStore(config, systemClock), folder, pgPrograms: config.pgPrograms });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    for (const key of manifest.missingObjects) console.warn(`Not restored: object ${key}, which the database names, had been deleted before the backup could copy it.`);
    if (differences.length > 0) {
      console.error(`The restored store differs from the backup's manifest:\n${differences.map((difference) => `  - ${difference}`).join('\n')}`);
      return 1;
    }
    console.log(`Restored the backup of ${manifest.takenAt} (schema ${manifest.schemaVersion}, ${Object.keys(manifest.tables).length} tables, ${manifest.objects.length} objects) in ${seconds} s; every row count and object hash matches its manifest.`);
    return 0;
  });

runCommand(main, 'The restore failed:');
