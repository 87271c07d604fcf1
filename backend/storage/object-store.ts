import type { PresignedUpload } from '../../common/api';

export interface PresignOptions {
  /** Largest object the upload may write; the smallest is 1 byte (an empty file is refused). */
  maxBytes: number;
  expiresInSeconds: number;
}

/** An object as a listing names it; modifiedAt in epoch milliseconds. */
export interface ListedObject {
  key: string;
  size: number;
  modifiedAt: number;
}

/**
 * Where uploaded files live (DESIGN.md section 6): the local store under the data directory, or
 * an S3 bucket. Both take uploads from the browser through the S3 presigned-POST protocol, so the
 * renderer posts the same multipart form to either.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** The origin browsers post uploads to when it is not the application's own (the CSP allows it). */
  readonly uploadOrigin: string | null;
  /** A signed form that lets its holder POST exactly this key, 1 to maxBytes bytes, until it expires. */
  presignPost(key: string, options: PresignOptions): Promise<PresignedUpload>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes the object; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<{ size: number } | null>;
  /** Every object whose key starts with prefix, in no particular order, read page by page (housekeeping). */
  list(prefix: string): AsyncIterable<ListedObject>;
}

/**
 * Keys are made by the backend (uploads/<account>/<answer key>/<uuid>), never by a client; this
 * is checked anyway so that no key can name a path outside the local store's folder.
 */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*(?:\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)*$/;
const KEY_MAX_LENGTH = 512;

export function isValidObjectKey(key: string): boolean {
  return key.length <= KEY_MAX_LENGTH && KEY_PATTERN.test(key);
}

export function assertValidObjectKey(key: string): void {
  if (!isValidObjectKey(key)) throw new Error(`Invalid object key: ${JSON.stringify(key.slice(0, 100))}`);
}
