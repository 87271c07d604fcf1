import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { ConversionError, conversionMessages } from '../../../../backend/documents/conversion-error';
import { ConversionRunnerClosedError, createConversionRunner, type ConversionRunner, type ConversionRunnerOptions } from '../../../../backend/documents/runner/conversion-runner';
import { buildEncryptedPdf, buildPdf, heavyDocx, sampleDocx, zipBombDocx } from '../../../support/documents';

let runners: ConversionRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.map((runner) => runner.close()));
  runners = [];
});

function runner(options: ConversionRunnerOptions = {}): ConversionRunner {
  const created = createConversionRunner({ maxWorkers: 1, ...options });
  runners.push(created);
  return created;
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected the conversion to fail');
    },
    (error: Error) => error,
  );
}

describe('createConversionRunner', { timeout: 60_000 }, () => {
  it('converts in a worker thread and leaves the caller its bytes', async () => {
    const docx = sampleDocx();
    const length = docx.length;
    const pdf = await runner().run(docx);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    expect(docx.length).toBe(length);
    expect(docx.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it("passes the converter's message on", async () => {
    const error = await rejection(runner().run(buildEncryptedPdf()));
    expect(error).toBeInstanceOf(ConversionError);
    expect(error.message).toBe(conversionMessages.pdfEncrypted);
  });

  it('refuses a zip bomb with the size message, well within the time limit', async () => {
    const error = await rejection(runner({ timeoutMs: 30_000 }).run(zipBombDocx()));
    expect(error.message).toBe(conversionMessages.docxTooLarge);
  });

  it('terminates a worker past the time limit and converts the next job in a new one', async () => {
    const slow = runner({ timeoutMs: 1_000 });
    const [timedOut, next] = await Promise.allSettled([slow.run(heavyDocx()), slow.run(await buildPdf())]);
    expect(timedOut.status === 'rejected' && (timedOut.reason as Error).message).toBe(conversionMessages.timedOut);
    expect(next.status).toBe('fulfilled');
  });

  it('survives a worker that runs out of memory: that job fails, the next succeeds', async () => {
    const crashes: Error[] = [];
    const small = runner({ maxHeapMb: 64, timeoutMs: 30_000, onWorkerError: (error) => crashes.push(error) });
    const error = await rejection(small.run(heavyDocx()));
    expect(error.message).toBe(conversionMessages.docxTooLarge);
    expect(crashes.map((crash) => (crash as { code?: string }).code)).toContain('ERR_WORKER_OUT_OF_MEMORY');
    expect((await PDFDocument.load(await small.run(await buildPdf()))).getPageCount()).toBe(1);
  });

  it('rejects unfinished jobs when closed, so they can be run again later, and refuses new ones', async () => {
    const closing = runner();
    const pending = rejection(closing.run(sampleDocx()));
    await closing.close();
    expect(await pending).toBeInstanceOf(ConversionRunnerClosedError);
    expect(await rejection(closing.run(sampleDocx()))).toBeInstanceOf(ConversionRunnerClosedError);
  });
});
