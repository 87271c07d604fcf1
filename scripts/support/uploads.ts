import { conversionPath, type ConversionStatusResponse, type PresignedUpload } from '../../common/api';
import { convertedPdfKey } from '../../backend/conversions/convert-job';
import type { Clock } from '../../backend/platform/clock';
import { WALL_CLOCK_BACKSTOP_FACTOR } from '../../backend/processes/process-cpu';
import { DEFAULT_CONVERSION_LIMITS } from '../../backend/sandbox/conversion-runner';
import { DEFAULT_RENDER_LIMITS } from '../../backend/sandbox/pdf-runner';
import type { ObjectStore } from '../../backend/storage';
import type { Store } from '../../backend/open-store';
import type { ApiClient } from './http-client';

/**
 * What the renderer does to upload a file: a presigned form for the question, then the form's
 * fields and the file, multipart, to the store's URL. Returns the object key (the file_key). Throws
 * on any other answer than success (API tests and the load benchmark both use it).
 */
export async function uploadFile(server: { origin: string }, client: ApiClient, answerKey: string, bytes: Buffer): Promise<string> {
  const presigned = await client.post<PresignedUpload>('/api/presigned-url', { answer_key: answerKey });
  if (presigned.status !== 200) throw new Error(`the presigned upload form for ${answerKey} answered ${presigned.status}: ${JSON.stringify(presigned.body)}`);
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.body.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'upload');
  const response = await fetch(presigned.body.url, { method: 'POST', body: form, headers: { origin: server.origin } });
  if (response.status !== 204) throw new Error(`the upload of ${answerKey} answered ${response.status}: ${await response.text()}`);
  return presigned.body.fields.key!;
}

/** A document uploaded and converted, as the store names it. */
export interface ConvertedUpload {
  accountId: string;
  conversionId: string;
  fileKey: string;
  pdfKey: string;
}

/**
 * A file uploaded and its conversion started through the API, then finished as a worker loop
 * would, without converting anything: claimed, `pdf` stored as its PDF, COMPLETED. The server must
 * run no worker loop, and no other job may be waiting.
 */
export async function convertedUpload(
  server: { origin: string; store: Store; objects: ObjectStore; clock: Clock },
  client: ApiClient,
  answerKey: string,
  { bytes, fileName, pdf = bytes }: { bytes: Buffer; fileName: string; pdf?: Buffer },
): Promise<ConvertedUpload> {
  const fileKey = await uploadFile(server, client, answerKey, bytes);
  const started = await client.post<ConversionStatusResponse>(conversionPath(answerKey), { file_key: fileKey, file_name: fileName });
  if (started.status !== 202) throw new Error(`the conversion of ${answerKey} answered ${started.status}: ${JSON.stringify(started.body)}`);
  const claimed = await server.store.conversions.claim('test-worker', server.clock(), 60_000);
  if (claimed?.file_key !== fileKey) throw new Error(`another conversion than ${fileKey} was waiting: ${claimed?.file_key}`);
  const pdfKey = convertedPdfKey(claimed);
  await server.objects.put(pdfKey, pdf, 'application/pdf');
  if (!(await server.store.conversions.complete(claimed, pdfKey, server.clock()))) throw new Error(`the conversion of ${fileKey} was superseded`);
  return { accountId: claimed.account_id, conversionId: claimed.id, fileKey, pdfKey };
}

const FINISHED: readonly string[] = ['COMPLETED', 'FAILED', 'NOT_ANSWERED'];

/**
 * The longest a conversion can stay in progress, with the default limits, however busy the
 * machine: its limit is processor time, and the sandbox's wall-clock backstop stops it at
 * WALL_CLOCK_BACKSTOP_FACTOR times that (a quarter of a processor still runs it to its limit);
 * 15 s more for the sandbox process's start, the worker's poll and the status poll. A test that
 * waits for a conversion (one that meets its time limit above all) waits this long for its end,
 * not a guess at how long it takes on a quiet machine, which a loaded one outlasts.
 */
export const CONVERSION_END_BOUND_MS = DEFAULT_CONVERSION_LIMITS.timeoutMs * WALL_CLOCK_BACKSTOP_FACTOR + 15_000;

/**
 * The longest an application PDF can stay in the making, with the default limits, however busy the
 * machine: the render's wall-clock backstop (maxWallMs), and 15 s more for the sandbox process's
 * start, the job loop's poll and the status poll.
 */
export const APPLICATION_PDF_END_BOUND_MS = DEFAULT_RENDER_LIMITS.maxWallMs! + 15_000;

/**
 * Reads a job's state until `ended` says the job is over, and returns the last read: the wait of a
 * test for a conversion or an application PDF, which on a loaded machine takes many times what it
 * takes on a quiet one. `boundMs` is the job's own end (CONVERSION_END_BOUND_MS,
 * APPLICATION_PDF_END_BOUND_MS), past which the server's limits would have ended it, not a guess at
 * the job's length; a test that waits on it gives itself that bound and more as its timeout.
 */
export async function untilEnded<T>(read: () => Promise<T>, ended: (value: T) => boolean, boundMs: number, pollMs = 50): Promise<T> {
  for (const deadline = Date.now() + boundMs; ; await new Promise((resolve) => setTimeout(resolve, pollMs))) {
    const value = await read();
    if (ended(value) || Date.now() > deadline) return value;
  }
}

/** Whether a conversion's status is one it ends in (or none: the document was removed). */
export const conversionEnded = ({ status }: ConversionStatusResponse) => FINISHED.includes(status);

/**
 * What the renderer does with a chosen file, through a running conversion worker: upload it, start
 * its conversion under `fileName` (202), and poll the status until the conversion ends. Returns
 * the last status: a finished one, or the one still showing when `timeoutMs` ran out (by default
 * CONVERSION_END_BOUND_MS, past which the server's own limits would have ended it).
 */
export async function convertThroughApi(
  server: { origin: string },
  client: ApiClient,
  answerKey: string,
  bytes: Buffer,
  fileName: string,
  { timeoutMs = CONVERSION_END_BOUND_MS, pollMs = 40 } = {},
): Promise<ConversionStatusResponse> {
  const fileKey = await uploadFile(server, client, answerKey, bytes);
  const started = await client.post<ConversionStatusResponse>(conversionPath(answerKey), { file_key: fileKey, file_name: fileName });
  if (started.status !== 202) throw new Error(`the conversion of ${fileName} answered ${started.status}: ${JSON.stringify(started.body)}`);
  return untilEnded(async () => (await client.get<ConversionStatusResponse>(conversionPath(answerKey))).body, conversionEnded, timeoutMs, pollMs);
}
