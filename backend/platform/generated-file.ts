import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A file of DATA_DIR made once (mode 0600) from `make` when it is missing, and its text: a secret
 * generated on a first start, kept so that a restart, or another instance on the same data
 * directory, reads the same. Says whether this call made it.
 */
export function readOrCreateFile(dataDir: string, name: string, make: () => string): { text: string; created: boolean } {
  const file = path.join(dataDir, name);
  let created = false;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // Written whole under a temporary name, then linked into place: two instances starting at
    // once both end up reading the one file that won, never a half-written one.
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    fs.writeFileSync(temporary, make(), { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(temporary, file);
      created = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  return { text: fs.readFileSync(file, 'utf8').trim(), created };
}
