import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const STORAGE_SECRET_FILE = 'storage-secret';
const MIN_LENGTH = 32;

/**
 * The HMAC key of the local store's upload policies when STORAGE_SECRET is not set: generated on
 * the first start and kept in DATA_DIR/storage-secret (mode 0600), so that a restart, or another
 * instance on the same data directory, accepts the forms issued before. Instances on different
 * hosts need STORAGE_SECRET set to one value.
 */
export function readOrCreateStorageSecret(dataDir: string): string {
  const file = path.join(dataDir, STORAGE_SECRET_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // Written whole under a temporary name, then linked into place: two instances starting at
    // once both end up reading the one file that won, never a half-written one.
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    fs.writeFileSync(temporary, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_LENGTH) {
    throw new Error(`${file} must hold a secret of at least ${MIN_LENGTH} characters; delete it to have a new one generated.`);
  }
  return secret;
}
