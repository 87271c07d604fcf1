import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readOrCreateFile } from '../platform/generated-file';

export const STORAGE_SECRET_FILE = 'storage-secret';
const MIN_LENGTH = 32;

/**
 * The HMAC key of the local store's upload policies when STORAGE_SECRET is not set: generated on
 * the first start and kept in DATA_DIR/storage-secret (mode 0600), so that a restart, or another
 * instance on the same data directory, accepts the forms issued before. Instances on different
 * hosts need STORAGE_SECRET set to one value.
 */
export function readOrCreateStorageSecret(dataDir: string): string {
  const secret = readOrCreateFile(dataDir, STORAGE_SECRET_FILE, () => randomBytes(48).toString('base64url') + '\n').text;
  if (secret.length < MIN_LENGTH) {
    throw new Error(`${path.join(dataDir, STORAGE_SECRET_FILE)} must hold a secret of at least ${MIN_LENGTH} characters; delete it to have a new one generated.`);
  }
  return secret;
}
