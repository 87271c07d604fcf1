// Issue 18, item 2: the entry chunk (and what it imports statically) carries only what /about
// needs before its first paint (the spinner that waits for the profile). The form's widget libraries load with the widgets that use them,
// and the whole-application validation (yup and the form's schema) loads only for a logged-in
// applicant, in parallel with the profile, never for a visitor.
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer, tempDir, type OutputChunk } from '../../../scripts/bench/renderer-build';

let outDir = '';
let chunks = new Map<string, OutputChunk>();

beforeAll(async () => {
  outDir = tempDir('entry-test');
  // Built as `npm run build` builds it: vitest's NODE_ENV (test) would make vite bundle React's
  // development build, and the sizes below would not be a browser's.
  const testEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const output = await buildRenderer(outDir).finally(() => {
    process.env.NODE_ENV = testEnv;
  });
  chunks = new Map(output.output.flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
}, 300_000);

afterAll(() => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

/** The chunks `starts` import statically, transitively, with them. */
function staticClosure(starts: readonly OutputChunk[]): Set<OutputChunk> {
  const seen = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const imported = chunks.get(file);
      if (imported) visit(imported);
    }
  };
  starts.forEach(visit);
  return seen;
}

function entryChunk(): OutputChunk {
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('no entry chunk');
  return entry;
}

/** The lazy chunk whose own module is `source`. */
function lazyChunkOf(source: RegExp): OutputChunk {
  const chunk = [...chunks.values()].find((candidate) => candidate.isDynamicEntry && source.test(candidate.facadeModuleId ?? ''));
  if (!chunk) throw new Error(`no lazy chunk for ${source}`);
  return chunk;
}

/** The module ids of the entry chunk and every chunk it imports statically. */
function entryModules(): string[] {
  return [...staticClosure([entryChunk()])].flatMap((chunk) => Object.keys(chunk.modules));
}

/**
 * What a visitor's /about downloads before its first question takes input (issue 26, item 5):
 * the entry, the form's shell and the About You route, each with what it imports statically.
 */
function aboutFirstPaint(): Set<OutputChunk> {
  return staticClosure([entryChunk(), lazyChunkOf(/app\/routes\/form-shell\.tsx$/), lazyChunkOf(/app\/routes\/form\/about\.tsx$/)]);
}

describe('the renderer’s entry chunk', () => {
  it.each([
    ['react-imask', /node_modules\/(react-)?imask\//],
    ['downshift', /node_modules\/downshift\//],
    ['yup', /node_modules\/yup\//],
    // The schema builder and what runs it; the rules the questions declare come with the questions.
    ['the form’s validation schema', /common\/form\/schema\/(build|index|question-rules|yup-formats)\.ts/],
    // The conditions' evaluator (common/form/visibility.ts) is not a question: the answers' owner
    // settles every change with it (issue 27 item 3), so it is in the entry; the questions are not.
    ['the form’s questions (the pages’ headings come from common/form/page-list)', /common\/form\/(pages|options)\b/],
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

describe('what a visitor’s About You downloads before its first question takes input (issue 26, item 5)', () => {
  const modules = () => [...aboutFirstPaint()].flatMap((chunk) => Object.keys(chunk.modules));

  it.each([
    ['react-imask (loaded when a phone field is focused)', /node_modules\/(react-)?imask\//],
    ['downshift and the lookup’s combobox (loaded when a lookup is focused)', /node_modules\/downshift\/|widgets\/lookup-input\.tsx$/],
    ['yup and the form’s validation schema (loaded after the first paint)', /node_modules\/yup\/|common\/form\/schema\/(build|index|question-rules|yup-formats)\.ts/],
    ['the other pages’ questions (the whole definition loads after the first paint)', /common\/form\/pages\/(education|final-steps|index)/],
    ['what shows the validation’s findings and the page’s buttons (loaded with them)', /features\/(form\/components\/error-summary|missing-information\/|answers\/components\/page-actions)/],
    ['react-router’s data router (createBrowserRouter)', /react-router\/dist\/development\/dom-export/],
    ['the toasts: react-hot-toast and goober (loaded at the first notice or interaction)', /node_modules\/(react-hot-toast|goober)\/|components\/ui\/toasts\.tsx$/],
    ['the upload field and the documents feature (loaded with the pages that have one)', /features\/documents\/hooks\/|widgets\/applicant-upload\.tsx$/],
    ['the tab group and its dialog (loaded with the pages that have one)', /widgets\/(tab-group|switch-tab-dialog)\.tsx$/],
    ['Add Another with its Remove dialog (loaded with the pages that have one)', /widgets\/(add-another|remove-block-dialog|use-remove-block)\.tsx?$/],
    ['what only a submitted applicant sees: the thanks and Almost finished banners', /layout\/components\/(thanks-banner|almost-finished|submitted-banners)\.tsx$/],
    ['the logged-in account menu and the footer’s Help text (loaded when wanted)', /routes\/signed-in-menu\.tsx$|layout\/components\/help-modal\.tsx$/],
    ['the inactivity guard (loaded once an applicant is logged in)', /features\/inactivity\/(?!components\/inactivity-guard-when-needed\.tsx$)/],
  ])('leaves out %s', (_name, pattern) => {
    expect(modules().filter((id) => pattern.test(id))).toEqual([]);
  });

  it('still carries About You’s questions and the widgets that show them (the test reads the real chunks)', () => {
    expect(modules().some((id) => /common\/form\/pages\/about\//.test(id))).toBe(true);
    expect(modules().some((id) => /features\/form\/components\/widgets\/text\.tsx$/.test(id))).toBe(true);
  });

  it('weighs under the issue’s 150 kB gzip, with little room: 149.1 kB, each chunk gzipped alone', () => {
    // 154 kB when the boundary was drawn; 145.2 kB once the toasts, the upload field, the tab
    // group and the inactivity guard left it; 148.3 kB with issue 33's page arrival and messages on
    // leaving a field and issue 34's kiosk settings check; 148.9 kB once Add Another, the submitted
    // applicant's banners, the logged-in menu and Help left it again; 148.7 kB with issue 35's and 36's
    // merges, the staff pages' paths read from common/staff-pages.ts (docs/performance.md); 149.06
    // kB when the first paint became whole (the page's chunk and the greeting's fetched with the
    // profile and waited for, form-root.tsx): 100 bytes for a phone's layout shift of 0.25 down to
    // 0.04, the one step the ratchet took up. The ratchet follows the figure.
    const gzip = [...aboutFirstPaint()].reduce((total, chunk) => total + gzipSync(chunk.code).length, 0);
    expect(gzip / 1000).toBeLessThan(149.1);
  });
});
