// Issue 18, item 2: the entry chunk (and what it imports statically) carries only what /about
// needs before its first paint (the spinner that waits for the profile). The form's widget libraries load with the widgets that use them,
// and the whole-application validation (yup and the form's schema) loads only for a logged-in
// applicant, in parallel with the profile, never for a visitor.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer, tempDir, type OutputChunk } from '../../../scripts/bench/renderer-build';

let outDir = '';
let chunks = new Map<string, OutputChunk>();

beforeAll(async () => {
  outDir = tempDir('entry-test');
  const output = await buildRenderer(outDir);
  chunks = new Map(output.output.flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
}, 300_000);

afterAll(() => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

/** The module ids of the entry chunk and every chunk it imports statically. */
function entryModules(): string[] {
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('no entry chunk');
  const seen = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const imported = chunks.get(file);
      if (imported) visit(imported);
    }
  };
  visit(entry);
  return [...seen].flatMap((chunk) => Object.keys(chunk.modules));
}

describe('the renderer’s entry chunk', () => {
  it.each([
    ['react-imask', /node_modules\/(react-)?imask\//],
    ['downshift', /node_modules\/downshift\//],
    ['yup', /node_modules\/yup\//],
    ['the form’s validation schema', /common\/form\/schema\//],
    ['the form’s questions (the pages’ headings come from common/form/page-list)', /common\/form\/(pages|options|visibility)\b/],
    ['the form’s widgets and layout (loaded with the profile, behind its spinner)', /renderer\/src\/features\/(form\/components\/|layout\/components\/form-layout)/],
  ])('leaves out %s', (_name, pattern) => {
    expect(entryModules().filter((id) => pattern.test(id))).toEqual([]);
  });

  it('still carries React and the router (the test reads the real entry)', () => {
    expect(entryModules().some((id) => /node_modules\/react-dom\//.test(id))).toBe(true);
    expect(entryModules().some((id) => /node_modules\/react-router\//.test(id))).toBe(true);
  });

  it('loads each widget library in a chunk of its own, with the widget that uses it', () => {
    const lazy = [...chunks.values()].filter((chunk) => !chunk.isEntry);
    for (const pattern of [/node_modules\/(react-)?imask\//, /node_modules\/downshift\//]) {
      expect(lazy.some((chunk) => Object.keys(chunk.modules).some((id) => pattern.test(id)))).toBe(true);
    }
  });
});
