// What `npm run backup` and `npm run restore` share: one folder argument, the server's
// configuration, and a BackupError reported as a refusal (exit 1) rather than a crash.
import path from 'node:path';
import { BackupError } from '../backend/backup/manifest';
import { loadConfigOrReport, type Config } from '../backend/platform/config';

/** Exit status 0 done, 1 a refusal or difference, 2 a usage or configuration problem. */
export async function runOnBackupFolder(usage: string, work: (config: Config, folder: string) => Promise<number>): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    return 0;
  }
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error(usage);
    return 2;
  }
  const config = loadConfigOrReport();
  if (!config) return 2;
  try {
    return await work(config, path.resolve(argv[0]!));
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return 1;
  }
}
