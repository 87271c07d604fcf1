// The JavaScript a browser downloads: the renderer built as `npm run build` builds it (into a
// temporary folder), its entry chunk with the chunks it imports statically, the lazy chunks of the
// screens, what the entry and the About You route hold (by source map), and what opening /about
// fetches in Chromium against the real backend serving that build, for a visitor and for a
// logged-in applicant: before the first question takes input (issue 26, item 5's figure: the
// network recorded until the field is enabled and takes a keystroke), and after it until the
// network is idle. Sizes raw and gzipped (node:zlib, level 6), each script on its own.
//
// Baseline measured in the same run: a React 19 + react-dom app that renders one heading, built
// by vite the same way.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from '@playwright/test';
import { logInNewApplicant, mailedRecommenderLink, startBackend, type BenchServer } from './bench-server';
import { expectTakesInput, readyAt, scriptsRequested, watchForReady } from './first-input';
import { chromiumLaunchOptions } from '../support/chromium';
import { buildHelloReact, buildRenderer, tempDir, type BuildOutput, type OutputChunk } from './renderer-build';
import { bytesBySource, UNMAPPED } from './source-map-bytes';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const MODULES_LISTED = 12;
/** The first question of About You: its input's id is its answer key. */
const FIRST_QUESTION_SELECTOR = '#first_name';
/** The recommender's page: the letter's text field. */
const LETTER_FIELD_SELECTOR = '.recommend-page textarea';

interface Size {
  raw: number;
  gzip: number;
}

const sizeOf = (code: string | Uint8Array): Size => ({ raw: Buffer.byteLength(code), gzip: gzipSync(code).length });
const sum = (sizes: readonly Size[]): Size => sizes.reduce((total, size) => ({ raw: total.raw + size.raw, gzip: total.gzip + size.gzip }), { raw: 0, gzip: 0 });
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(6)} kB`;
const sized = (size: Size) => `${kB(size.raw)} raw  ${kB(size.gzip)} gzip`;

function chunksOf(output: BuildOutput): Map<string, OutputChunk> {
  return new Map(output.output.flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
}

/** A chunk and every chunk it imports statically, transitively (what loading it downloads). */
function staticClosure(start: OutputChunk, chunks: ReadonlyMap<string, OutputChunk>): Set<OutputChunk> {
  const found = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (found.has(chunk)) return;
    found.add(chunk);
    for (const file of chunk.imports) {
      const imported = chunks.get(file);
      if (imported) visit(imported);
    }
  };
  visit(start);
  return found;
}

function entryOf(chunks: ReadonlyMap<string, OutputChunk>): OutputChunk {
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  return entries[0]!;
}

const displayPath = (id: string) => path.relative(repoRoot, id.replace(/^\0/, '').replace(/\?.*$/, ''));

/** A module's group in the listing: its npm package, or its folder of the repository. */
function groupOf(id: string): string {
  const relative = displayPath(id);
  const inPackage = relative.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inPackage) return inPackage[1]!;
  return relative.startsWith('..') || relative === '' ? '(bundler runtime)' : relative.split('/').slice(0, 3).join('/');
}

/**
 * What each module and package weighs in `chunks`, in minified bytes, attributed through the
 * chunks' source maps (source-map-bytes.ts), with each one's share of its chunk's gzip.
 */
function biggestModules(chunks: Iterable<OutputChunk>, outDir: string): { groups: [string, Size][]; modules: [string, Size][] } {
  const groups = new Map<string, Size>();
  const modules = new Map<string, Size>();
  const add = (into: Map<string, Size>, key: string, size: Size) => into.set(key, sum([into.get(key) ?? { raw: 0, gzip: 0 }, size]));
  for (const chunk of chunks) {
    const chunkSize = sizeOf(chunk.code);
    const bytes = chunk.map ? bytesBySource(chunk.code, chunk.map) : new Map([[UNMAPPED, chunkSize.raw]]);
    for (const [source, raw] of bytes) {
      const id = source === UNMAPPED ? UNMAPPED : path.resolve(outDir, path.dirname(chunk.fileName), source);
      const size = { raw, gzip: (raw / chunkSize.raw) * chunkSize.gzip };
      add(groups, source === UNMAPPED ? '(bundler glue, unmapped)' : groupOf(id), size);
      add(modules, source === UNMAPPED ? '(bundler glue, unmapped)' : displayPath(id), size);
    }
  }
  const largest = (entries: Map<string, Size>) => [...entries].sort((a, b) => b[1].raw - a[1].raw).slice(0, MODULES_LISTED);
  return { groups: largest(groups), modules: largest(modules) };
}

interface PageLoad {
  /** Every script fetched, by path, until the network was idle. */
  js: Map<string, Size>;
  /** The scripts requested before the first question took input, in the order requested. */
  beforeInput: string[];
  /** Those requested after it (loaded on idle, on focus, or by the page's later work). */
  afterInput: string[];
  /** ms from the navigation's start until the first question took input. */
  inputAt: number;
  css: Size;
  landedOn: string;
  sent: { bytes: number; encodings: Set<string> };
}

/**
 * What one fresh browser context downloads opening `url` (issue 26, item 5): the network is
 * recorded until the page's first question is enabled and takes a keystroke, and then until the
 * network is idle; each script counts on the side of that moment on which its request began.
 */
async function fetchedOnLoad(context: BrowserContext, url: string, firstField = FIRST_QUESTION_SELECTOR): Promise<PageLoad> {
  const page = await context.newPage();
  const js = new Map<string, Size>();
  // What the server sent for the scripts: the compressed copies of the build where it has them.
  const sent = { bytes: 0, encodings: new Set<string>() };
  const css: Size[] = [];
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    if (type === 'script') {
      sent.bytes += Number(response.headers()['content-length'] ?? 0);
      sent.encodings.add(response.headers()['content-encoding'] ?? 'none');
    }
    reading.push(
      response.body().then((body) => {
        if (type === 'script') js.set(new URL(response.url()).pathname, sizeOf(body));
        else css.push(sizeOf(body));
      }),
    );
  });
  await watchForReady(page, firstField);
  await page.goto(url);
  const inputAt = await readyAt(page);
  await expectTakesInput(page, firstField);
  await page.waitForLoadState('networkidle');
  await Promise.all(reading);
  const requested = await scriptsRequested(page);
  const landedOn = new URL(page.url()).pathname;
  await page.close();
  return {
    js,
    beforeInput: requested.filter((script) => script.start <= inputAt).map((script) => script.path),
    afterInput: requested.filter((script) => script.start > inputAt).map((script) => script.path),
    inputAt,
    css: sum(css),
    landedOn,
    sent,
  };
}

async function measureInBrowser(server: BenchServer, initial: ReadonlySet<string>, hello: Size): Promise<void> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const report = (label: string, loaded: PageLoad) => {
      const files = [...loaded.js.keys()].map((file) => file.replace(/^\//, ''));
      const sizeOfScripts = (paths: readonly string[]) => sum(paths.flatMap((file) => loaded.js.get(file) ?? []));
      const before = sizeOfScripts(loaded.beforeInput);
      const after = sizeOfScripts(loaded.afterInput);
      const total = sum([...loaded.js.values()]);
      const name = (file: string) => file.replace(/^\/assets\//, '');
      console.log(`  ${label.padEnd(44)} landed on ${loaded.landedOn}; the first question took input ${loaded.inputAt.toFixed(0)} ms after the navigation began`);
      console.log(`  ${'  before the first question takes input'.padEnd(44)} ${sized(before)}   ${(before.gzip / hello.gzip).toFixed(1)}x baseline (gzip)   ${loaded.beforeInput.length} scripts`);
      console.log(`  ${''.padEnd(44)} beyond the entry's static imports: ${loaded.beforeInput.filter((file) => !initial.has(file.replace(/^\//, ''))).map(name).join(', ') || 'none'}`);
      console.log(`  ${'  after it, until the network is idle'.padEnd(44)} ${sized(after)}   ${loaded.afterInput.length} scripts: ${loaded.afterInput.map(name).join(', ') || 'none'}`);
      console.log(`  ${'  in all'.padEnd(44)} ${sized(total)}   ${files.length} scripts; CSS ${sized(loaded.css)}`);
      console.log(`  ${''.padEnd(44)} sent by the backend: ${kB(loaded.sent.bytes).trim()} of scripts (content-encoding ${[...loaded.sent.encodings].join(', ')})`);
    };
    const visitor = await browser.newContext();
    report('a visitor (no session) opens /about', await fetchedOnLoad(visitor, `${server.baseURL}/about`));
    await visitor.close();
    const applicant = await browser.newContext();
    await logInNewApplicant(applicant.request, server, 'bench-bundle');
    report('a logged-in applicant opens /about', await fetchedOnLoad(applicant, `${server.baseURL}/about`));
    // The recommender opens the mailed link in a browser of their own, with no account (issue 28).
    const link = await mailedRecommenderLink(applicant.request, server);
    await applicant.close();
    const recommender = await browser.newContext();
    report('a recommender opens the mailed link', await fetchedOnLoad(recommender, link, LETTER_FIELD_SELECTOR));
    await recommender.close();
  } finally {
    await browser.close();
  }
}

export async function runBundleSizeBenchmark(): Promise<void> {
  const rendererDir = tempDir('renderer');
  const helloDir = tempDir('hello');
  try {
    const started = performance.now();
    const chunks = chunksOf(await buildRenderer(rendererDir));
    console.log(`renderer built with renderer/vite.config.ts in ${((performance.now() - started) / 1000).toFixed(1)} s into ${rendererDir}`);
    const helloChunks = chunksOf(await buildHelloReact(helloDir));

    const entry = entryOf(chunks);
    const initial = staticClosure(entry, chunks);
    const initialSize = sum([...initial].map((chunk) => sizeOf(chunk.code)));
    const hello = sum([...staticClosure(entryOf(helloChunks), helloChunks)].map((chunk) => sizeOf(chunk.code)));
    const aboutChunk = [...chunks.values()].find((chunk) => chunk.isDynamicEntry && /routes\/form\/about(\/index)?\.tsx$/.test(chunk.facadeModuleId ?? ''));
    const aboutLoad = new Set([...initial, ...(aboutChunk ? staticClosure(aboutChunk, chunks) : [])]);
    const aboutSize = sum([...aboutLoad].map((chunk) => sizeOf(chunk.code)));

    console.log('\ninitial JavaScript (entry chunk and its static imports, from the build output)');
    console.log(`  ${'baseline: React 19 + react-dom "hello"'.padEnd(44)} ${sized(hello)}`);
    for (const chunk of initial) console.log(`  ${chunk.fileName.padEnd(44)} ${sized(sizeOf(chunk.code))}`);
    console.log(`  ${'entry + static imports'.padEnd(44)} ${sized(initialSize)}   ${(initialSize.gzip / hello.gzip).toFixed(1)}x baseline (gzip)`);
    if (aboutChunk) {
      console.log(
        `  ${'+ the About You route, rendered at once'.padEnd(44)} ${sized(aboutSize)}   ${(aboutSize.gzip / hello.gzip).toFixed(1)}x baseline (gzip)   (adds ${[...aboutLoad].filter((chunk) => !initial.has(chunk)).map((chunk) => chunk.fileName).join(', ')})`,
      );
    }

    console.log('\nlazy chunks (dynamic imports), each alone and with the chunks it imports that the entry does not');
    const lazy = [...chunks.values()].filter((chunk) => chunk.isDynamicEntry).sort((a, b) => b.code.length - a.code.length);
    for (const chunk of lazy) {
      const extra = [...staticClosure(chunk, chunks)].filter((imported) => !initial.has(imported));
      const source = displayPath(chunk.facadeModuleId ?? chunk.fileName);
      console.log(`  ${chunk.fileName.padEnd(44)} ${sized(sizeOf(chunk.code))}   with imports ${sized(sum(extra.map((imported) => sizeOf(imported.code))))}   ${source}`);
    }
    const shared = [...chunks.values()].filter((chunk) => !chunk.isEntry && !chunk.isDynamicEntry && !initial.has(chunk));
    for (const chunk of shared) console.log(`  ${chunk.fileName.padEnd(44)} ${sized(sizeOf(chunk.code))}   (shared by lazy chunks)`);

    const { groups, modules } = biggestModules(aboutLoad, rendererDir);
    console.log(`\nlargest parts of the entry and the About You route (minified bytes, by source map; gzip: the share of its chunk's gzip)`);
    for (const [group, size] of groups) console.log(`  ${group.padEnd(44)} ${sized(size)}`);
    console.log('largest single modules');
    for (const [id, size] of modules) console.log(`  ${id.padEnd(70)} ${sized(size)}`);

    console.log('\nwhat Chromium fetches opening /about (fresh context; backend serving this build): before the first question takes input, and after');
    const server = await startBackend(rendererDir);
    try {
      await measureInBrowser(server, new Set([...initial].map((chunk) => chunk.fileName)), hello);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(rendererDir, { recursive: true, force: true });
    fs.rmSync(helloDir, { recursive: true, force: true });
  }
}
