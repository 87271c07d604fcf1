import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Writes a document built in code to a temp file, so the browser can choose it. */
export function tempFile(name: string, bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-upload-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}
