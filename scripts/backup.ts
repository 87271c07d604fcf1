// A backup of the store and every object, taken while the server serves (issue 35; README, "Backups"):
//
//   npm run backup -- <folder>     the folder must be new or empty
//
// It reads the server's configuration (DATABASE_URL, DATA_DIR, the S3 settings).
import { takeBackup } from '../backend/backup/backup';
import { systemClock } from '../backend/platform/clock';
import { createObjectStore } from '../backend/storage';
import { runOnBackupFolder } from './backup-command';
import { runCommand } from './token-command';

const USAGE = 'Usage: npm run backup -- <folder>   (a new or empty folder; the server may keep serving)';

const main = () =>
  runOnBackupFolder(USAGE, async (config, folder) => {
    const started = performance.now();
    const manifest = await takeBackup({ database: { databaseUrl: config.databaseUrl, dataDir: config.dataDir }, objects: createObjectStore(config, systemClock), folder, pgPrograms: config.pgPrograms }, systemClock);
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Backed up the ${manifest.store} store (schema ${manifest.schemaVersion}, ${rows} rows in ${Object.keys(manifest.tables).length} tables) and ${manifest.objects.length} objects to ${folder} in ${seconds} s.`);
    for (const key of manifest.missingObjects) console.warn(`Not in the backup: object ${key}, which the database names, was deleted before it could be copied (a document replaced meanwhile).`);
    return 0;
  });

runCommand(main, 'The backup failed:');
