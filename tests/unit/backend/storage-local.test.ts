import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStore, type LocalObjectStore } from '../../../backend/storage/local-store';
import { isValidObjectKey } from '../../../backend/storage/object-store';
import { readOrCreateStorageSecret, STORAGE_SECRET_FILE } from '../../../backend/storage/storage-secret';

describe('the local object store', () => {
  let dataDir: string;
  let store: LocalObjectStore;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-storage-'));
    store = createLocalStore({
      root: path.join(dataDir, 'objects'),
      secret: 'a-storage-secret-of-at-least-32-characters',
      uploadUrl: 'http://localhost:8080/storage/upload',
      maxUploadBytes: 1_048_576,
      clock: () => Date.parse('2030-01-01T12:00:00Z'),
    });
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('puts, reads, sizes and deletes objects as files under the objects folder', async () => {
    const key = 'uploads/account-1/essay_doc/7d1c8a1e-5b7c-4f7e-8a55-0c3f0c9b1f00';
    expect(await store.exists(key)).toBeNull();
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from('hello'), 'application/pdf');
    expect(await store.exists(key)).toEqual({ size: 5 });
    expect((await store.get(key))?.toString()).toBe('hello');
    expect(fs.readFileSync(path.join(dataDir, 'objects', key), 'utf8')).toBe('hello');
    await store.put(key, Buffer.from('replaced'), 'application/pdf');
    expect((await store.get(key))?.toString()).toBe('replaced');
    expect(fs.readdirSync(path.join(dataDir, 'objects', '.tmp'))).toEqual([]);
    await store.delete(key);
    await store.delete(key);
    expect(await store.exists(key)).toBeNull();
  });

  it('removes temporary files a crash left behind an hour ago, and only those', () => {
    const tempDir = path.join(dataDir, 'objects', '.tmp');
    fs.writeFileSync(path.join(tempDir, 'stale'), 'x');
    fs.writeFileSync(path.join(tempDir, 'in-flight'), 'x');
    const twoHoursAgo = new Date(Date.parse('2030-01-01T10:00:00Z'));
    fs.utimesSync(path.join(tempDir, 'stale'), twoHoursAgo, twoHoursAgo);
    const minuteAgo = new Date(Date.parse('2030-01-01T11:59:00Z'));
    fs.utimesSync(path.join(tempDir, 'in-flight'), minuteAgo, minuteAgo);
    createLocalStore({ root: path.join(dataDir, 'objects'), secret: 'x'.repeat(32), uploadUrl: 'http://x/storage/upload', maxUploadBytes: 1, clock: () => Date.parse('2030-01-01T12:00:00Z') });
    expect(fs.readdirSync(tempDir)).toEqual(['in-flight']);
  });

  it('presigns a form for its own upload URL', async () => {
    const upload = await store.presignPost('uploads/a/b/c', { maxBytes: 1_048_576, expiresInSeconds: 600 });
    expect(upload.url).toBe('http://localhost:8080/storage/upload');
    expect(upload.fields.key).toBe('uploads/a/b/c');
    await expect(store.presignPost('uploads/a/b/c', { maxBytes: 2_000_000, expiresInSeconds: 600 })).rejects.toThrow(/above the store's limit/);
  });

  it('lists the objects under a prefix with their sizes and times, never a temporary file', async () => {
    const keys = ['converted/a/resume_doc/1.pdf', 'converted/a/essay_doc/2.pdf', 'converted-elsewhere/x', 'uploads/a/resume_doc/u'];
    for (const [index, key] of keys.entries()) await store.put(key, Buffer.alloc(index + 1), 'application/pdf');
    fs.writeFileSync(path.join(dataDir, 'objects', '.tmp', 'partial'), 'x');
    const list = async (prefix: string) => {
      const listed = [];
      for await (const object of store.list(prefix)) listed.push(object);
      return listed.sort((a, b) => a.key.localeCompare(b.key));
    };

    const converted = await list('converted/');
    expect(converted.map((object) => [object.key, object.size])).toEqual([
      ['converted/a/essay_doc/2.pdf', 2],
      ['converted/a/resume_doc/1.pdf', 1],
    ]);
    for (const object of converted) expect(Math.abs(object.modifiedAt - Date.now())).toBeLessThan(60_000);
    expect((await list('')).map((object) => object.key)).toEqual([...keys].sort());
    expect((await list('converted/a/res')).map((object) => object.key)).toEqual(['converted/a/resume_doc/1.pdf']);
    expect(await list('nothing-here/')).toEqual([]);
    await expect(list('../')).rejects.toThrow(/Invalid object key/);
  });

  it('refuses any key that could name a path outside the objects folder', async () => {
    for (const key of ['../escape', 'uploads/../../escape', '/etc/passwd', 'a//b', '.tmp/x', 'a/./b', 'a\\b', '', 'a/', 'a/b/..', 'x'.repeat(513)]) {
      expect(isValidObjectKey(key), key).toBe(false);
      await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Invalid object key/);
      await expect(store.get(key), key).rejects.toThrow(/Invalid object key/);
    }
    expect(fs.existsSync(path.join(dataDir, 'escape'))).toBe(false);
    for (const key of ['uploads/acc-1/essay_doc/uuid', 'tests/round-trip/object.pdf', 'a']) expect(isValidObjectKey(key), key).toBe(true);
  });
});

describe('the generated storage secret', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-secret-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is created once with owner-only permissions and read back on every later start', () => {
    const first = readOrCreateStorageSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, STORAGE_SECRET_FILE);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreateStorageSecret(dataDir)).toBe(first);
    expect(fs.readdirSync(dataDir)).toEqual([STORAGE_SECRET_FILE]);
  });

  it('refuses a secret file too short to be a key', () => {
    fs.writeFileSync(path.join(dataDir, STORAGE_SECRET_FILE), 'short\n');
    expect(() => readOrCreateStorageSecret(dataDir)).toThrow(/at least 32 characters/);
  });
});
