// What each built output is made from, and a fingerprint of it: `npm start` rebuilds an output
// only when its fingerprint differs from the one the last build wrote beside it. Content, not
// modification times: a checkout, a copy into an image or a `touch` must not fool it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each output's folder and the sources it is built from (folders are read whole). */
export const outputs = {
  renderer: { dir: 'dist/renderer', inputs: ['renderer', 'common', 'package-lock.json'] },
  backend: { dir: 'dist/backend', inputs: ['backend', 'common', 'package-lock.json', 'build/build-backend.mjs'] },
};

const STAMP = '.build-fingerprint';

function filesUnder(relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [relative];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes('node_modules'));
}

/** The fingerprint of an output's sources, or null when none is here (an image that ships only dist/). */
export function sourceFingerprint(name) {
  const files = outputs[name].inputs.flatMap(filesUnder).sort();
  if (files.length === 0) return null;
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0`).update(fs.readFileSync(path.join(root, file))).update('\0');
  return hash.digest('hex');
}

export function builtFingerprint(name) {
  try {
    return fs.readFileSync(path.join(root, outputs[name].dir, STAMP), 'utf8').trim();
  } catch {
    return null;
  }
}

export function writeFingerprint(name, fingerprint) {
  fs.writeFileSync(path.join(root, outputs[name].dir, STAMP), `${fingerprint}\n`);
}

/** Whether the output is missing or was built from other sources than those here now. */
export function isStale(name) {
  const built = builtFingerprint(name);
  if (built === null) return true;
  const sources = sourceFingerprint(name);
  return sources !== null && sources !== built;
}
