// Seals every sensitive answer at rest with the current key (docs/decisions.md, "Sensitive answers sealed"):
//
//   npm run seal:rotate
//
// After adding a key to SEALING_KEYS and naming it in SEALING_KEY_ID, this reseals what older keys
// sealed (keep them in SEALING_KEYS until it has run); it also seals answers saved clear before
// sealing began. It reads the server's configuration and may run while the server serves; running
// it again changes nothing. Exit status 0 done, 2 a usage or configuration problem.
import { resealAll } from '../backend/applicant/reseal';
import { openStore } from '../backend/open-store';
import { loadConfigOrReport } from '../backend/platform/config';
import { answerSealerFor } from '../backend/security/sealing-keys';
import { runCommand } from './token-command';

const USAGE = 'Usage: npm run seal:rotate   (reseals every sensitive answer with SEALING_KEY_ID\'s key; the server may keep serving)';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (argv.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfigOrReport();
  if (!config) return 2;
  const sealer = answerSealerFor(config);
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, sealer });
  try {
    const counts = await resealAll(store);
    for (const [table, { sealed, resealed, current }] of Object.entries(counts)) {
      console.log(`${table}: ${sealed} sealed (stored clear before), ${resealed} resealed with key "${sealer.currentKeyId}", ${current} already current.`);
    }
    return 0;
  } finally {
    await store.close();
  }
}

runCommand(main, 'The rotation failed:');
