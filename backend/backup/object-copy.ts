import fs from 'node:fs';
import path from 'node:path';
import type { ObjectStore } from '../storage';
import { OBJECTS_FOLDER, sha256, type ObjectEntry } from './manifest';

/** Objects read or written at once: S3 answers each in a round trip, so one at a time would crawl. */
const AT_ONCE = 8;

async function eachAtOnce<T>(items: AsyncIterable<T> | Iterable<T>, work: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  for await (const item of items) {
    const task = work(item).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= AT_ONCE) await Promise.race(running);
  }
  await Promise.all(running);
}

const copyOf = (folder: string, key: string) => path.join(folder, OBJECTS_FOLDER, ...key.split('/'));

/**
 * Copies every object into the folder, each with its size and SHA-256. An object listed and gone
 * when read (deleted meanwhile) is not copied; the caller compares with what the database names.
 */
export async function copyObjects(objects: ObjectStore, folder: string): Promise<ObjectEntry[]> {
  const copied: ObjectEntry[] = [];
  await eachAtOnce(objects.list(''), async ({ key }) => {
    const bytes = await objects.get(key);
    if (bytes === null) return;
    const file = copyOf(folder, key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await fs.promises.writeFile(file, bytes, { mode: 0o600 });
    copied.push({ key, size: bytes.length, sha256: sha256(bytes) });
  });
  return copied.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Whether the object store holds anything: a restore fills an empty one only. */
export async function firstObject(objects: ObjectStore): Promise<string | null> {
  for await (const object of objects.list('')) return object.key;
  return null;
}

/** Puts each object of the backup back under its key; one missing from the folder is left for the check to name. */
export async function restoreObjects(objects: ObjectStore, folder: string, entries: readonly ObjectEntry[]): Promise<void> {
  await eachAtOnce(entries, async ({ key }) => {
    const bytes = await fs.promises.readFile(copyOf(folder, key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (bytes === null) return;
    await objects.put(key, bytes, key.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream');
  });
}

/** Each object's restored size and SHA-256, read back from the object store (null: not there). */
export async function restoredDigests(objects: ObjectStore, entries: readonly ObjectEntry[]): Promise<Map<string, { size: number; sha256: string } | null>> {
  const digests = new Map<string, { size: number; sha256: string } | null>();
  await eachAtOnce(entries, async ({ key }) => {
    const bytes = await objects.get(key);
    digests.set(key, bytes === null ? null : { size: bytes.length, sha256: sha256(bytes) });
  });
  return digests;
}
