import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createZipWriter } from '../../../../backend/export/zip-stream';

/**
 * The export's zip read back by Python's zipfile (the standard library's reader, independent of
 * ours): names, sizes and every file's CRC checked (testzip). A zip placed past 4 GiB is written
 * into a sparse file, so it costs no disk: the hole before it reads as zeros.
 */
let directory: string | undefined;
afterEach(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
});

function writeZip(parts: Buffer[], at = 0): string {
  directory = mkdtempSync(path.join(tmpdir(), 'zip-stream-'));
  const file = path.join(directory, 'export.zip');
  const handle = openSync(file, 'w');
  let position = at;
  for (const part of parts) position += writeSync(handle, part, 0, part.length, position);
  closeSync(handle);
  return file;
}

const READ = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as archive:
    print(json.dumps({"bad": archive.testzip(), "count": len(archive.infolist()),
      "first": archive.infolist()[0].filename, "last": archive.read(archive.infolist()[-1]).decode("utf-8")}))
`;
const readBack = (file: string) => JSON.parse(execFileSync('python3', ['-c', READ, file], { encoding: 'utf8' })) as Record<string, unknown>;

const modified = new Date('2026-11-25T10:00:00Z');

describe('the streamed zip of the exports', () => {
  it('is a zip every reader opens, names in any script included', () => {
    const zip = createZipWriter();
    const parts = [zip.file('张伟-1.pdf', Buffer.from('%PDF-1.7 one'), modified), zip.file('not-ready.txt', Buffer.from('ada@example.edu'), modified), zip.end()];
    expect(readBack(writeZip(parts))).toEqual({ bad: null, count: 2, first: '张伟-1.pdf', last: 'ada@example.edu' });
  });

  it('holds more than 65,535 files (zip64 end records)', () => {
    const zip = createZipWriter();
    const count = 70_000;
    const parts = Array.from({ length: count }, (_, index) => zip.file(`${index}.txt`, Buffer.from(String(index)), modified));
    parts.push(zip.end());
    expect(readBack(writeZip(parts))).toEqual({ bad: null, count, first: '0.txt', last: String(count - 1) });
  });

  it('places files past 4 GiB (zip64 offsets)', () => {
    const start = 5 * 1024 ** 3;
    const zip = createZipWriter(start);
    const parts = [zip.file('far.pdf', Buffer.from('%PDF-1.7 far'), modified), zip.file('farther.txt', Buffer.from('the last'), modified), zip.end()];
    expect(readBack(writeZip(parts, start))).toEqual({ bad: null, count: 2, first: 'far.pdf', last: 'the last' });
  });
});
