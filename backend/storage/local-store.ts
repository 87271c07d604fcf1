import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Clock } from '../platform/clock';
import { receivePost } from './multipart-post';
import { HttpError } from '../http/errors';
import { assertValidObjectKey, isValidObjectKey, type ObjectStore } from './object-store';
import { signPolicy } from './post-policy';

/** Where the local store takes presigned POSTs (mounted by createApp only for the local store). */
export const LOCAL_UPLOAD_PATH = '/storage/upload';

/**
 * Room for the form's fields and multipart framing around the largest file a policy allows, and
 * for the parser's buffering: the file's bytes reach its size check up to a stream's high-water
 * mark (64 KiB from Node 22, 16 KiB before) after the body's count, and a file over its policy's
 * size must get that refusal (400), not the body limit's (413).
 */
const BODY_SLACK_BYTES = 256 * 1024;
const STALE_TEMP_MS = 60 * 60_000;

export interface LocalObjectStore extends ObjectStore {
  readonly kind: 'local';
  /**
   * Takes one presigned POST (see multipart-post.ts) and stores its file; 4xx HttpError when
   * refused. `admit` may still refuse a form whose policy holds (its applicant has submitted).
   */
  receivePost(req: IncomingMessage, admit: (key: string) => Promise<void>): Promise<{ key: string; size: number }>;
}

export interface LocalStoreOptions {
  /** The objects folder, DATA_DIR/objects. */
  root: string;
  secret: string;
  /** The public URL of LOCAL_UPLOAD_PATH. */
  uploadUrl: string;
  /** Largest file any policy of this store allows; bounds how much of a POST is read. */
  maxUploadBytes: number;
  clock: Clock;
}

/**
 * Objects as files under the data directory, one file per key. Every write goes to a temporary
 * file in the same folder tree first and is renamed into place, so a reader never sees half an
 * object and a refused or interrupted upload leaves nothing behind.
 */
export function createLocalStore(options: LocalStoreOptions): LocalObjectStore {
  const root = path.resolve(options.root);
  const tempDir = path.join(root, '.tmp');
  fs.mkdirSync(tempDir, { recursive: true });
  removeStaleTempFiles(tempDir, options.clock());

  function fileOf(key: string): string {
    assertValidObjectKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`Object key outside the store: ${key}`);
    return file;
  }

  async function moveIntoPlace(tempFile: string, key: string): Promise<void> {
    try {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.rename(tempFile, file);
    } catch (error) {
      await fs.promises.rm(tempFile, { force: true });
      throw error;
    }
  }

  return {
    kind: 'local',
    uploadOrigin: null,

    async presignPost(key, { maxBytes, expiresInSeconds }) {
      fileOf(key);
      if (maxBytes > options.maxUploadBytes) throw new Error(`maxBytes ${maxBytes} is above the store's limit of ${options.maxUploadBytes}`);
      const expiresAt = options.clock() + expiresInSeconds * 1000;
      return { url: options.uploadUrl, fields: signPolicy(options.secret, { key, minBytes: 1, maxBytes }, expiresAt) };
    },

    async receivePost(req, admit) {
      const received = await receivePost(req, {
        secret: options.secret,
        now: options.clock(),
        bodyLimit: options.maxUploadBytes + BODY_SLACK_BYTES,
        tempDir,
      });
      try {
        if (!isValidObjectKey(received.key)) throw new HttpError(400, 'The upload\'s key is not a valid object key.');
        await admit(received.key);
      } catch (error) {
        await fs.promises.rm(received.tempFile, { force: true });
        throw error;
      }
      await moveIntoPlace(received.tempFile, received.key);
      return { key: received.key, size: received.size };
    },

    async get(key) {
      try {
        return await fs.promises.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    // Files carry no metadata here; the content type is known again from the bytes when read.
    async put(key, bytes) {
      const tempFile = path.join(tempDir, randomUUID());
      await fs.promises.writeFile(tempFile, bytes, { flag: 'wx', mode: 0o600 });
      await moveIntoPlace(tempFile, key);
    },

    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },

    async exists(key) {
      try {
        const stats = await fs.promises.stat(fileOf(key));
        return stats.isFile() ? { size: stats.size } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    // Walks only the folder the prefix lies in; the temporary folder holds no object.
    async *list(prefix) {
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      for await (const file of walk(folder ? fileOf(folder) : root)) {
        const key = path.relative(root, file.path).split(path.sep).join('/');
        if (key.startsWith(prefix) && isValidObjectKey(key)) yield { key, size: file.size, modifiedAt: file.modifiedAt };
      }
    },
  };
}

/** The files under a folder, depth first; a folder removed meanwhile (by a delete) is skipped. */
async function* walk(folder: string): AsyncGenerator<{ path: string; size: number; modifiedAt: number }> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      yield* walk(file);
    } else if (entry.isFile()) {
      const stats = await fs.promises.stat(file).catch(() => null);
      if (stats) yield { path: file, size: stats.size, modifiedAt: stats.mtimeMs };
    }
  }
}

/** Temporary files a crash left behind; recent ones may be another instance's uploads in flight. */
function removeStaleTempFiles(tempDir: string, now: number): void {
  for (const name of fs.readdirSync(tempDir)) {
    const file = path.join(tempDir, name);
    try {
      if (now - fs.statSync(file).mtimeMs > STALE_TEMP_MS) fs.rmSync(file, { force: true });
    } catch {
      // removed meanwhile by another instance
    }
  }
}

export function isLocalObjectStore(store: ObjectStore): store is LocalObjectStore {
  return store.kind === 'local' && 'receivePost' in store;
}
