import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from '../../../renderer/precompress';

describe('precompressing the renderer build', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-precompress-'));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of large scripts and styles that decompress to the file, and none of small files, images or index.html', () => {
    const files: Record<string, Buffer> = {
      'assets/index-1.js': Buffer.from(`export const text = ${JSON.stringify('form '.repeat(2000))};`),
      'assets/index-1.css': Buffer.from('.form { color: black; }\n'.repeat(200)),
      'assets/tiny-1.js': Buffer.from('export {};'),
      'assets/logo-1.png': Buffer.alloc(4096, 7),
      'index.html': Buffer.from(`<!doctype html>${'<p>text</p>'.repeat(500)}`),
    };
    for (const [name, bytes] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), bytes);
    }
    const plugin = precompress();
    // The hook as vite calls it after writing the build: where it wrote, and the names it wrote.
    const writeBundle = plugin.writeBundle as (options: { dir: string }, bundle: Record<string, unknown>) => void;
    writeBundle({ dir }, Object.fromEntries(Object.keys(files).map((name) => [name, {}])));

    for (const name of ['assets/index-1.js', 'assets/index-1.css']) {
      const original = files[name]!;
      const brotli = fs.readFileSync(path.join(dir, `${name}.br`));
      const gzip = fs.readFileSync(path.join(dir, `${name}.gz`));
      expect(zlib.brotliDecompressSync(brotli).equals(original)).toBe(true);
      expect(zlib.gunzipSync(gzip).equals(original)).toBe(true);
      expect(brotli.length).toBeLessThan(original.length / 4);
    }
    for (const name of ['assets/tiny-1.js', 'assets/logo-1.png', 'index.html']) {
      expect(fs.existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
      expect(fs.existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
