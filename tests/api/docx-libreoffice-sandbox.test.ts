// LibreOffice runs fenced in (backend/documents/libreoffice/, docs/decisions.md): no network, its
// own PID namespace, an address-space cap, a profile of its own, a time limit that kills its whole
// process tree, and the package check before it ever starts. It stays running between documents
// (warm-office.ts), and keeps nothing of one applicant's document for the next. Every soffice of
// this file works under a temporary folder of its own (the sandbox's TMPDIR), so the processes
// and folders looked for are this file's, not those of other tests running beside it.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readZipDirectory, zipEntryData } from '../../common/uploads/zip-directory';
import { ConversionError, conversionMessages } from '../../backend/documents/conversion-error';
import { chooseDocxConverter, type DocxConverter } from '../../backend/documents/docx-converter';
import { createConversionRunner, type ConversionRunnerOptions } from '../../backend/sandbox/conversion-runner';
import { SandboxClosedError } from '../../backend/sandbox/sandbox-errors';
import { createSandboxPool, type SandboxPool, type TaskReport } from '../../backend/sandbox/sandbox-pool';
import { checked, heavyDocx, sampleDocx, smallPng, zipBombDocx } from '../../scripts/support/documents';
import { laidOutPages } from '../support/pdf-layout';
import { word, wordPackage } from '../support/word-package';

const MiB = 1024 * 1024;
let tmp: string;
let converter: DocxConverter;
const pools: SandboxPool[] = [];

function libreOfficeRunner(options: ConversionRunnerOptions = {}) {
  const pool = createSandboxPool({ maxProcesses: 1 });
  pools.push(pool);
  return { pool, runner: createConversionRunner(pool, { ...options, conversion: { docxConverter: converter, ...options.conversion } }) };
}

/** The pids of this file's LibreOffice processes (soffice's launcher, soffice.bin). */
function sofficePids(): number[] {
  try {
    return execFileSync('pgrep', ['-f', `soffice.*${tmp}`]).toString().trim().split('\n').map(Number);
  } catch {
    return [];
  }
}

/** The pids of this file's soffice.bin processes: the office itself, not its launcher or helper. */
function officePids(): number[] {
  return sofficePids().filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('soffice.bin');
    } catch {
      return false;
    }
  });
}

async function eventually<T>(read: () => T, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const workDirs = () => fs.readdirSync(tmp).filter((name) => name.startsWith('gradapp-soffice-'));

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected the conversion to fail');
    },
    (error: Error) => error,
  );
}

beforeAll(() => {
  const choice = chooseDocxConverter('libreoffice', process.env.PATH);
  if (choice.problem) throw new Error(choice.problem);
  converter = choice.converter;
  // The sandbox processes take TMPDIR from this process's environment when they start.
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-lo-sandbox-test-'));
  process.env.TMPDIR = tmp;
});

// Each test's sandbox processes, and the warm soffice each keeps, end with it.
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Every file under a folder, however deep. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** A file's bytes, and for a zip (a Word or OpenDocument package, a cache) each entry's, inflated. */
function contents(bytes: Buffer): Buffer[] {
  const entries = bytes.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004' ? (readZipDirectory(bytes) ?? []) : [];
  const inflated = entries.map((entry) => {
    const data = zipEntryData(bytes, entry);
    if (!data) return Buffer.alloc(0);
    try {
      return entry.method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data);
    } catch {
      return Buffer.alloc(0);
    }
  });
  return [bytes, ...inflated];
}

/** The files under a folder that hold the text, in UTF-8 or UTF-16 (LibreOffice's strings), plain or zipped. */
function filesHolding(dir: string, text: string): string[] {
  const forms = [Buffer.from(text, 'utf8'), Buffer.from(text, 'utf16le')];
  return filesUnder(dir).filter((file) => {
    const bytes = fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
    return contents(bytes).some((content) => forms.some((form) => content.includes(form)));
  });
}

/** The document as a PDF by a soffice of its own with nothing of the sandbox around it, as a user's would convert it. */
async function convertUnfenced(docx: Buffer): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(tmp, 'unfenced-'));
  try {
    fs.writeFileSync(path.join(dir, 'document.docx'), docx);
    await promisify(execFile)(converter.name === 'libreoffice' ? converter.programs.soffice : 'soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'pdf', '--outdir', dir, path.join(dir, 'document.docx')], {
      env: { PATH: '/usr/bin:/bin', HOME: dir },
      timeout: 60_000,
    });
    return fs.readFileSync(path.join(dir, 'document.pdf'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('LibreOffice in its sandbox', { timeout: 90_000 }, () => {
  it('keeps soffice running between documents, in a work folder of its own removed when its sandbox process ends', async () => {
    const { pool, runner } = libreOfficeRunner();
    const pdf = await runner.run(checked(sampleDocx()));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const running = sofficePids();
    expect(running.length).toBeGreaterThan(0);
    expect(workDirs()).toHaveLength(1);
    // Its documents' own folders are gone as soon as their PDFs are read.
    expect(fs.readdirSync(path.join(tmp, workDirs()[0]!, 'documents'))).toEqual([]);
    await runner.run(checked(sampleDocx()));
    expect(sofficePids()).toEqual(running);
    await pool.close();
    expect(await eventually(sofficePids, (left) => left.length === 0, 3_000)).toEqual([]);
  });

  it('starts soffice with its sandbox process, so the first Word document finds it running', async () => {
    const { runner } = libreOfficeRunner();
    // A photo starts the sandbox process; no Word document has come yet.
    await runner.run(checked(smallPng()));
    expect(await eventually(officePids, (found) => found.length > 0, 30_000)).toHaveLength(1);
    const folder = workDirs();
    expect(folder).toHaveLength(1);
    await runner.run(checked(sampleDocx()));
    // That soffice served it (its folder, made when it started, is the only one): none was started for it.
    expect(workDirs()).toEqual(folder);
    expect(officePids()).toHaveLength(1);
  });

  it('starts a successor\'s soffice before the successor takes the place of the process it replaces', async () => {
    const reports: TaskReport[] = [];
    const pool = createSandboxPool({ maxProcesses: 1, tasksPerProcess: 1, onTaskEnd: (report) => reports.push(report) });
    pools.push(pool);
    const runner = createConversionRunner(pool, { conversion: { docxConverter: converter } });
    await runner.run(checked(sampleDocx()));
    const predecessorOffice = officePids();
    expect(predecessorOffice).toHaveLength(1);
    // Its share served, the process is replaced as soon as its successor is ready: by then the successor's soffice runs.
    await eventually(() => fs.existsSync(`/proc/${reports[0]!.pid}`), (alive) => !alive, 60_000);
    const successorOffice = officePids().filter((pid) => !predecessorOffice.includes(pid));
    expect(successorOffice).toHaveLength(1);
    await runner.run(checked(sampleDocx()));
    expect(reports[1]!.pid).not.toBe(reports[0]!.pid);
    // That soffice served the successor's first Word document.
    expect(officePids().filter((pid) => !predecessorOffice.includes(pid))).toEqual(successorOffice);
  });

  it('keeps nothing of one applicant\'s document for the next: not in its profile, its temporary folders or its recent documents', async () => {
    const { runner } = libreOfficeRunner();
    const marker = `APPLICANTA${randomUUID().replaceAll('-', '')}`;
    const pdfA = await runner.run(checked(wordPackage({ body: word.paragraph(word.run(`The essay of applicant A, ${marker}.`)) })));
    expect((await laidOutPages(pdfA))[0]!.text).toContain(marker);
    // The soffice that converted it still runs, with its profile, home and temporary folder under tmp.
    expect(sofficePids().length).toBeGreaterThan(0);
    const files = filesUnder(tmp);
    expect(files.some((file) => file.endsWith(path.join('user', 'registrymodifications.xcu')))).toBe(true);
    expect(filesHolding(tmp, marker)).toEqual([]);
    // No recent-documents list names it (the history holds no item at all).
    for (const xcu of files.filter((file) => file.endsWith('.xcu'))) expect(fs.readFileSync(xcu, 'utf8')).not.toMatch(/ItemList|document\.docx/);
    const pdfB = await runner.run(checked(wordPackage({ body: word.paragraph(word.run('The essay of applicant B.')) })));
    const textB = (await laidOutPages(pdfB))[0]!.text;
    expect(textB).toContain('applicant B');
    expect(textB).not.toContain('APPLICANTA');
    expect(pdfB.includes(Buffer.from(marker))).toBe(false);
    expect(filesHolding(tmp, marker)).toEqual([]);
  });

  it('converts a document with comments in the warm soffice, printed as a soffice of its own prints it: without the comments', async () => {
    // LibreOffice 7.4 of Debian's -nogui package aborts loading comments through UNO; the warm one is given a copy without them.
    const commented = wordPackage({
      body: word.paragraph(word.run('An essay with ') + word.commented('REVIEWEDWORDS', 0) + word.run(' in it.')) + word.paragraph(word.commented('A second paragraph.', 1)),
      comments: ['COMMENTONE too wordy', 'COMMENTTWO fine'],
    });
    const cold = await laidOutPages(await convertUnfenced(commented));
    const { runner } = libreOfficeRunner();
    await runner.run(checked(sampleDocx()));
    const warmOffice = sofficePids();
    expect(warmOffice.length).toBeGreaterThan(0);
    const warm = await laidOutPages(await runner.run(checked(commented)));
    // The same soffice served it: a warm one that fails on a document is replaced, and the document goes to a soffice of its own.
    expect(sofficePids()).toEqual(warmOffice);
    expect(warm.map((page) => page.text)).toEqual(cold.map((page) => page.text));
    expect(warm[0]!.text).toContain('REVIEWEDWORDS');
    expect(warm.map((page) => page.text).join('\n')).not.toContain('COMMENTONE');
  });

  it('runs soffice with no network, in its own PID namespace, its address space capped, and kills the whole tree at the time limit', async () => {
    // An address space large enough that the time limit, not the memory cap, is what stops it; and a
    // limit of 3 s of processor time, which the layout of 120,000 paragraphs always outlasts (under the
    // default 14 s a warm soffice on a quiet machine lays it out and it is refused for its pages instead).
    const { runner } = libreOfficeRunner({ limits: { timeoutMs: 15_000 }, conversion: { libreOfficeMemoryMb: 2048, libreOfficeTimeoutMs: 3_000 } });
    // Many thousands of paragraphs: within the package limits, longer than the time limit to lay out.
    const pending = failure(runner.run(checked(heavyDocx(120_000))));
    const pids = await eventually(officePids, (found) => found.length > 0, 12_000);
    expect(pids.length).toBeGreaterThan(0);
    const pid = pids[0]!;
    const limits = fs.readFileSync(`/proc/${pid}/limits`, 'latin1');
    expect(limits).toMatch(new RegExp(`^Max address space\\s+${2048 * MiB}\\s+${2048 * MiB}\\s+bytes`, 'm'));
    expect(limits).toMatch(/^Max core file size\s+0\s+0\s+bytes/m);
    // Its network namespace has a loopback interface only, and it is down.
    const interfaces = fs.readFileSync(`/proc/${pid}/net/dev`, 'latin1').split('\n').slice(2).filter(Boolean).map((line) => line.trim().split(':')[0]);
    expect(interfaces).toEqual(['lo']);
    expect(fs.readlinkSync(`/proc/${pid}/ns/net`)).not.toBe(fs.readlinkSync('/proc/self/ns/net'));
    // Its pid as seen in its own namespace as well as in ours.
    expect(/^NSpid:\s+\d+\s+\d+/m.test(fs.readFileSync(`/proc/${pid}/status`, 'latin1'))).toBe(true);
    const error = await pending;
    expect(error).toBeInstanceOf(ConversionError);
    expect(error.message).toBe(conversionMessages.timedOut);
    expect(await eventually(sofficePids, (left) => left.length === 0, 2_000)).toEqual([]);
    // Its folder is removed with it, or, where the sandbox process was killed first (the pool's
    // limit counts soffice's start too), by the next conversion, which leaves only its own.
    await libreOfficeRunner().runner.run(checked(sampleDocx()));
    expect(workDirs()).toHaveLength(1);
    // Its limit is processor time: on a busy machine that is much more wall-clock time.
  }, 240_000);

  it('takes soffice down with a sandbox process the pool kills, and the next conversion removes what it left', async () => {
    const { pool, runner } = libreOfficeRunner({ limits: { timeoutMs: 60_000 } });
    const pending = failure(runner.run(checked(heavyDocx(120_000))));
    expect((await eventually(sofficePids, (found) => found.length > 0, 15_000)).length).toBeGreaterThan(0);
    // Closing the pool SIGKILLs its process mid-conversion: it cannot clean up after soffice.
    await pool.close();
    expect(await pending).toBeInstanceOf(SandboxClosedError);
    expect(await eventually(sofficePids, (left) => left.length === 0, 3_000)).toEqual([]);
    const left = workDirs();
    expect(left).toHaveLength(1);
    await libreOfficeRunner().runner.run(checked(sampleDocx()));
    // The next sandbox process's warm soffice has a folder of its own; the one left is gone.
    expect(workDirs()).toHaveLength(1);
    expect(workDirs()).not.toContain(left[0]);
  });

  it('refuses a zip bomb before soffice sees it: no folder is ever made for it', async () => {
    const { runner } = libreOfficeRunner();
    // The sandbox process's warm soffice is up, with its folder for documents.
    await runner.run(checked(sampleDocx()));
    const documents = path.join(tmp, workDirs()[0]!, 'documents');
    const made: string[] = [];
    const watchers = [fs.watch(tmp, (_event, name) => made.push(String(name))), fs.watch(documents, (_event, name) => made.push(String(name)))];
    try {
      const error = await failure(runner.run(checked(zipBombDocx())));
      expect(error.message).toBe(conversionMessages.docxTooLarge);
      // Neither a folder for it in the warm soffice's nor a cold soffice's work folder.
      expect(made).toEqual([]);
      // The watch sees a conversion that does reach soffice.
      await runner.run(checked(sampleDocx()));
      await eventually(() => made.length, (count) => count > 0, 1_000);
      expect(made.length).toBeGreaterThan(0);
    } finally {
      for (const watcher of watchers) watcher.close();
    }
  });

  describe('a picture linked to a server on this host', () => {
    let server: http.Server;
    let requests: string[];
    let linked: Buffer;

    beforeAll(async () => {
      requests = [];
      server = http.createServer((request, response) => {
        requests.push(`${request.method} ${request.url}`);
        response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tracking-pixel.png`;
      linked = wordPackage({ body: word.paragraph(word.run('LINKEDMARK before the picture')) + word.linkedPicture('rIdLinked'), externalLinks: { rIdLinked: url } });
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('is fetched by LibreOffice itself, unfenced: the document does reach out', async () => {
      await convertUnfenced(linked);
      expect(requests.length).toBeGreaterThan(0);
    });

    it('is never fetched through the sandbox, and the document converts without it', async () => {
      requests.length = 0;
      const pdf = await libreOfficeRunner().runner.run(checked(linked));
      expect((await laidOutPages(pdf))[0]!.text).toContain('LINKEDMARK');
      expect(requests).toEqual([]);
    });
  });
});
