import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '../../common/constants';
import type { Clock } from '../platform/clock';
import type { Config } from '../platform/config';
import { createLocalStore, LOCAL_UPLOAD_PATH } from './local-store';
import type { ObjectStore } from './object-store';
import { createS3Store } from './s3-store';
import { readOrCreateStorageSecret } from './storage-secret';

export type { ListedObject, ObjectStore, PresignOptions } from './object-store';
export { isLocalObjectStore, LOCAL_UPLOAD_PATH, type LocalObjectStore } from './local-store';

/** The object store the configuration selects: S3 when S3_BUCKET is set, else DATA_DIR/objects. */
export function createObjectStore(config: Config, clock: Clock): ObjectStore {
  if (config.storage.kind === 's3') return createS3Store(config.storage);
  return createLocalStore({
    root: path.join(config.dataDir, 'objects'),
    secret: config.storage.secret ?? readOrCreateStorageSecret(config.dataDir),
    uploadUrl: config.publicUrl + LOCAL_UPLOAD_PATH,
    maxUploadBytes: UPLOAD_MAX_BYTES,
    clock,
  });
}
