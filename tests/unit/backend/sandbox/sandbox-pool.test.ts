import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApplicationPdfRunner } from '../../../../backend/sandbox/pdf-runner';
import { ConversionError, conversionMessages } from '../../../../backend/documents/conversion-error';
import { conversionOptions } from '../../../../backend/documents/conversion-options';
import { createConversionRunner, type ConversionRunnerOptions } from '../../../../backend/sandbox/conversion-runner';
import { exactCopy, ownsItsBuffer } from '../../../../backend/sandbox/exact-bytes';
import { parseSandboxReply, parseSandboxRequest, parseSandboxStart } from '../../../../backend/sandbox/sandbox-protocol';
import { SandboxClosedError } from '../../../../backend/sandbox/sandbox-errors';
import { SANDBOX_NICENESS } from '../../../../backend/sandbox/sandbox-process';
import { createSandboxPool, type SandboxPool, type SandboxPoolOptions, type TaskReport } from '../../../../backend/sandbox/sandbox-pool';
import { buildEncryptedPdf, buildPdf, checked, heavyDocx, sampleDocx, smallPng, zipBombDocx } from '../../../../scripts/support/documents';
import { pdfEndsAtLastEof } from '../../../support/pdf-bytes';

let pools: SandboxPool[] = [];
afterEach(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  pools = [];
});

function sandbox(options: SandboxPoolOptions = {}): SandboxPool {
  const created = createSandboxPool({ maxProcesses: 1, ...options });
  pools.push(created);
  return created;
}

const runner = (pool: SandboxPool = sandbox(), options: ConversionRunnerOptions = {}) => createConversionRunner(pool, options);

/** This process's children (the pool's processes), once there is one. */
async function childPidsSoon(): Promise<number[]> {
  for (let tries = 0; tries < 200; tries += 1) {
    try {
      return execFileSync('pgrep', ['-P', String(process.pid)]).toString().trim().split('\n').map(Number);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  throw new Error('no sandbox process started');
}

/**
 * Once the process is gone (a retired one is killed when its successor is ready): a successor
 * that reads every script's fonts first takes seconds of processor time, which a busy machine
 * stretches many times, so the bound is generous; a quiet machine is done in a second or two.
 */
async function exited(pid: number, timeoutMs = 45_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 25))) {
    if (!existsSync(`/proc/${pid}`)) return;
  }
  throw new Error(`process ${pid} is still running after ${timeoutMs} ms`);
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected the conversion to fail');
    },
    (error: Error) => error,
  );
}

describe('exactCopy', () => {
  it('copies a view of the shared pool into a buffer of exactly its own bytes', () => {
    const pooled = Buffer.from('a small buffer sits in the pool');
    expect(ownsItsBuffer(pooled)).toBe(false);
    const copy = exactCopy(pooled);
    expect(ownsItsBuffer(copy)).toBe(true);
    expect(copy.equals(pooled)).toBe(true);
  });
});

describe('parseSandboxReply', () => {
  it('refuses a reply whose PDF is not the length it states, or is not bytes', () => {
    const pdf = new Uint8Array([1, 2, 3]);
    const done = { kind: 'done', id: 1, pdf, length: 3, warmUp: [] };
    expect(parseSandboxReply(done)).toEqual(done);
    expect(parseSandboxReply({ ...done, length: 2 })).toBeNull();
    expect(parseSandboxReply({ ...done, pdf: [1, 2, 3] })).toBeNull();
    expect(parseSandboxReply({ ...done, id: 0 })).toBeNull();
    expect(parseSandboxReply('ready')).toBeNull();
  });

  it('refuses warm-up names that are not a few short words: a sandbox sends them, its successor reads them', () => {
    const done = { kind: 'done', id: 1, pdf: new Uint8Array([1]), length: 1 };
    expect(parseSandboxReply({ ...done, warmUp: ['NotoSans', 'Amiri'] })).toMatchObject({ warmUp: ['NotoSans', 'Amiri'] });
    expect(parseSandboxReply(done)).toBeNull();
    expect(parseSandboxReply({ ...done, warmUp: ['--inspect=0.0.0.0:9229'] })).toBeNull();
    expect(parseSandboxReply({ ...done, warmUp: ['NotoSans', 7] })).toBeNull();
    expect(parseSandboxReply({ ...done, warmUp: Array.from({ length: 17 }, () => 'NotoSans') })).toBeNull();
  });
});

describe('parseSandboxStart', () => {
  it('takes a start with warm-up names and the conversions whose LibreOffice to start, and nothing else', () => {
    const start = { kind: 'start', warmUp: ['NotoSans'], office: conversionOptions(), officeBeforeReady: true };
    expect(parseSandboxStart(start)).toEqual(start);
    expect(parseSandboxStart({ ...start, office: null, officeBeforeReady: false })).toMatchObject({ office: null });
    expect(parseSandboxStart({ ...start, kind: 'ready' })).toBeNull();
    expect(parseSandboxStart({ ...start, warmUp: ['--inspect'] })).toBeNull();
    expect(parseSandboxStart({ ...start, office: 'libreoffice' })).toBeNull();
    expect(parseSandboxStart({ ...start, officeBeforeReady: 'yes' })).toBeNull();
    expect(parseSandboxStart({ id: 1, task: { kind: 'convert' } })).toBeNull();
  });
});

describe('parseSandboxRequest', () => {
  it("takes a conversion's checked document by its shape (bytes, a known type, a name), without checking it again", () => {
    const document = { bytes: new Uint8Array([1, 2, 3]), type: 'png', name: 'image.png' };
    const request = { id: 1, task: { kind: 'convert', document, options: conversionOptions() } };
    expect(parseSandboxRequest(request)).toMatchObject({ id: 1, task: { kind: 'convert', document } });
    expect(parseSandboxRequest({ ...request, task: { ...request.task, document: { ...document, type: 'gif' } } })).toBeNull();
    expect(parseSandboxRequest({ ...request, task: { ...request.task, document: { ...document, bytes: [1, 2, 3] } } })).toBeNull();
    expect(parseSandboxRequest({ ...request, task: { ...request.task, document: { ...document, name: undefined } } })).toBeNull();
    expect(parseSandboxRequest({ ...request, task: { kind: 'convert', bytes: document.bytes, options: conversionOptions() } })).toBeNull();
  });
});

describe('the sandbox pool', { timeout: 60_000 }, () => {
  it('converts in a child process, not this one, and leaves the caller its bytes', async () => {
    const reports: TaskReport[] = [];
    const docx = sampleDocx();
    const length = docx.length;
    const pdf = await runner(sandbox({ onTaskEnd: (report) => reports.push(report) })).run(checked(docx));
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    expect(ownsItsBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfEndsAtLastEof(pdf)).toBe(true);
    expect(docx.length).toBe(length);
    expect(docx.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(reports).toEqual([expect.objectContaining({ kind: 'convert', outcome: 'done' })]);
  });

  it('returns each small PDF as exactly its own bytes, however many are converted in a row', async () => {
    const convert = runner();
    for (let round = 0; round < 5; round += 1) {
      const pdf = await convert.run(checked(smallPng()));
      expect(pdf.byteLength).toBe(pdf.buffer.byteLength);
      expect(pdfEndsAtLastEof(pdf)).toBe(true);
    }
  });

  it("passes the converter's message on", async () => {
    const error = await rejection(runner().run(checked(buildEncryptedPdf())));
    expect(error).toBeInstanceOf(ConversionError);
    expect(error.message).toBe(conversionMessages.pdfEncrypted);
  });

  it('refuses a zip bomb with the size message, well within the time limit', async () => {
    const error = await rejection(runner().run(checked(zipBombDocx())));
    expect(error.message).toBe(conversionMessages.docxTooLarge);
  });

  it('kills a process past the time limit and converts the next task in a new one', async () => {
    const errors: Error[] = [];
    const slow = runner(sandbox({ onProcessError: (error) => errors.push(error) }), { limits: { timeoutMs: 500 } });
    const [timedOut, next] = await Promise.allSettled([slow.run(checked(heavyDocx())), slow.run(checked(await buildPdf()))]);
    expect(timedOut.status === 'rejected' && (timedOut.reason as Error).message).toBe(conversionMessages.timedOut);
    expect(next.status).toBe('fulfilled');
    expect(errors.map((error) => error.name)).toEqual(['SandboxTimeoutError']);
  });

  it('counts a task\'s own running time, not the time its process waits off the processor: stopped longer than its limit, it still converts', async () => {
    const reports: TaskReport[] = [];
    const conversions = runner(sandbox({ onTaskEnd: (report) => reports.push(report) }), { limits: { timeoutMs: 1_000 } });
    await conversions.run(checked(smallPng()));
    const pid = reports[0]!.pid!;
    // As a busy machine's scheduler does, only longer: the process gets no processor at all for 2.5 s.
    process.kill(pid, 'SIGSTOP');
    const pending = conversions.run(checked(await buildPdf()));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    process.kill(pid, 'SIGCONT');
    const pdf = await pending;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(reports.map((report) => [report.outcome, report.pid])).toEqual([
      ['done', pid],
      ['done', pid],
    ]);
  });

  it('kills a process whose resident memory passes the limit: that task fails, the next succeeds', async () => {
    const reports: TaskReport[] = [];
    const pool = sandbox({ onTaskEnd: (report) => reports.push(report) });
    const error = await rejection(runner(pool, { limits: { maxRssMb: 150 } }).run(checked(heavyDocx(20_000))));
    expect(error.message).toBe(conversionMessages.docxTooLarge);
    expect(reports[0]).toMatchObject({ outcome: 'out-of-memory' });
    expect(reports[0]!.peakRssBytes).toBeGreaterThan(150 * 1024 * 1024);
    expect((await PDFDocument.load(await runner(pool).run(checked(await buildPdf())))).getPageCount()).toBe(1);
  });

  it("survives V8's fatal out-of-memory abort in a process: the task fails, this process and the next task go on", async () => {
    const errors: Error[] = [];
    const pool = sandbox({ heapMb: 48, onProcessError: (error) => errors.push(error) });
    const error = await rejection(runner(pool, { limits: { maxRssMb: 4096 } }).run(checked(heavyDocx())));
    expect(error.message).toBe(conversionMessages.docxTooLarge);
    expect(errors[0]!.name).toBe('SandboxMemoryError');
    expect(errors[0]!.message).toMatch(/heap out of memory/i);
    expect((await PDFDocument.load(await runner(pool).run(checked(await buildPdf())))).getPageCount()).toBe(1);
  });

  it('survives a process killed from outside mid-task (a native crash): that task fails with a message', async () => {
    const pool = sandbox();
    // The pool's only process, started and ready first: killed while starting, it would hand the task to its successor.
    await runner(pool).run(checked(smallPng()));
    const [pid] = await childPidsSoon();
    // Room above the document's peak (about 400 MB on Node 20, 560 MB on Node 24), so only the kill ends the task.
    const pending = rejection(runner(pool, { limits: { maxRssMb: 4096 } }).run(checked(heavyDocx())));
    // Give it time to be well into the task.
    await new Promise((resolve) => setTimeout(resolve, 800));
    process.kill(pid!, 'SIGSEGV');
    expect((await pending).message).toBe(conversionMessages.failed);
    expect((await PDFDocument.load(await runner(pool).run(checked(await buildPdf())))).getPageCount()).toBe(1);
  });

  it('gives the sandbox none of the server’s secrets', async () => {
    // Secrets in this process's environment when the sandbox starts, as the server has them.
    const secrets = { DATABASE_URL: 'postgres://admin:secret@db/gradapp', STORAGE_SECRET: 's'.repeat(40), ADMIN_API_KEY: 'k'.repeat(40) };
    Object.assign(process.env, secrets);
    try {
      const pool = sandbox();
      await runner(pool).run(checked(smallPng()));
      const [pid] = await childPidsSoon();
      const environment = readFileSync(`/proc/${pid}/environ`, 'latin1');
      const names = environment.split('\0').map((entry) => entry.split('=')[0]);
      expect(names).toContain('NODE_ENV');
      for (const [name, value] of Object.entries(secrets)) {
        expect(names).not.toContain(name);
        expect(environment).not.toContain(value);
      }
    } finally {
      for (const name of Object.keys(secrets)) delete process.env[name];
    }
  });

  it("runs below the server's priority, so a save never queues behind a conversion for a core (issue 37)", async () => {
    const pool = sandbox();
    await runner(pool).run(checked(smallPng()));
    const [pid] = await childPidsSoon();
    expect(os.getPriority(pid!) - os.getPriority(process.pid)).toBe(SANDBOX_NICENESS);
    expect(SANDBOX_NICENESS).toBeGreaterThan(0);
  });

  it('replaces a process after its share of tasks, starting the successor before the next task asks', async () => {
    const pool = sandbox({ tasksPerProcess: 2 });
    const convert = runner(pool);
    await convert.run(checked(smallPng()));
    const [first] = await childPidsSoon();
    await convert.run(checked(smallPng()));
    // No task is waiting, yet a new process comes up in the old one's place.
    let successor: number | undefined;
    for (let tries = 0; tries < 200 && successor === undefined; tries += 1) {
      successor = (await childPidsSoon()).find((pid) => pid !== first);
      if (successor === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(successor).toBeDefined();
    expect((await PDFDocument.load(await convert.run(checked(smallPng())))).getPageCount()).toBe(1);
  });

  it('keeps a process past its share serving until its successor is ready, so no task waits for a process to start', async () => {
    const reports: TaskReport[] = [];
    const pool = sandbox({ tasksPerProcess: 1, onTaskEnd: (report) => reports.push(report) });
    const convert = runner(pool);
    // Queued together: the second is handed over as the first ends, before any successor could be up.
    await Promise.all([convert.run(checked(smallPng())), convert.run(checked(smallPng()))]);
    expect(reports.map((report) => report.pid)).toEqual([reports[0]!.pid, reports[0]!.pid]);
    await exited(reports[0]!.pid!);
    await convert.run(checked(smallPng()));
    expect(reports[2]!.pid).not.toBe(reports[0]!.pid);
  });

  it('starts a successor with the fonts its predecessor had read, and only those', async () => {
    const application = (answers: Record<string, string>) => ({ username: 'a@example.edu', answers, tabs: {}, addAnother: {}, documents: {} });
    /** What the successor of a process that rendered these answers has read before its first task, a scan that sets no text. */
    async function readBySuccessor(answers: Record<string, string>): Promise<{ predecessor: readonly string[]; successor: readonly string[] }> {
      const reports: TaskReport[] = [];
      const pool = sandbox({ tasksPerProcess: 1, onTaskEnd: (report) => reports.push(report) });
      await createApplicationPdfRunner(pool).render(application(answers), [], { compress: true });
      await exited(reports[0]!.pid!);
      await runner(pool).run(checked(smallPng()));
      expect(reports[1]).toMatchObject({ kind: 'convert', outcome: 'done' });
      expect(reports[1]!.pid).not.toBe(reports[0]!.pid);
      return { predecessor: reports[0]!.loaded, successor: reports[1]!.loaded };
    }

    const latin = await readBySuccessor({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(latin).toEqual({ predecessor: ['NotoSans'], successor: ['NotoSans'] });
    const everyScript = await readBySuccessor({ first_name: '张伟', last_name: 'شارع', city: 'תל אביב', address_line_1: 'สมชาย', address_line_2: 'さくら 김민준' });
    expect(everyScript.predecessor).toEqual(expect.arrayContaining(['NotoSans', 'Amiri', 'NotoSansHebrew', 'NotoSansThai', 'NotoSansSC', 'NotoSansJP', 'NotoSansKR']));
    expect(everyScript.successor).toEqual(everyScript.predecessor);
    // Two successors started and warmed with every script's fonts: on a busy machine, minutes.
  }, 180_000);

  it('keeps an idle process (and the warm soffice it holds) for 10 minutes, then stops it', async () => {
    // The clock runs as it does, and can be moved on: the pool's own limits and polls keep working.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const pool = sandbox();
      await runner(pool).run(checked(sampleDocx()));
      const [pid] = await childPidsSoon();
      await vi.advanceTimersByTimeAsync(9 * 60_000);
      // Stopped, it would be gone (or a zombie) within this second.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(existsSync(`/proc/${pid}`) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'latin1'))).toBe(true);
      await vi.advanceTimersByTimeAsync(60_000 + 1_000);
      await exited(pid!);
    } finally {
      vi.useRealTimers();
    }
  });

  it('finishes closing an idle pool even when nothing else keeps the process alive', () => {
    const script = new URL('./close-idle-pool.ts', import.meta.url).pathname;
    expect(execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 30_000 }).trim()).toBe('closed');
  });

  it('rejects unfinished tasks when closed, so they can be run again later, and refuses new ones', async () => {
    const pool = sandbox();
    const pending = rejection(runner(pool).run(checked(sampleDocx())));
    await pool.close();
    expect(await pending).toBeInstanceOf(SandboxClosedError);
    expect(await rejection(runner(pool).run(checked(sampleDocx())))).toBeInstanceOf(SandboxClosedError);
  });
});
