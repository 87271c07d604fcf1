import type { GenerateOptions } from '../application-pdf/generate';
import type { ApplicationContent } from '../application-pdf/print-items';
import { receivedCheckedDocument, type CheckedDocument } from '../documents/checked-document';
import type { ConversionOptions } from '../documents/conversion-options';

/** The bounds of one task: past either, its process is killed and the task fails. */
export interface SandboxLimits {
  /**
   * Processor time of the task's process and its descendants (soffice): its own running time, so a
   * task waiting for the processor behind other work on a busy machine is not failed for that.
   */
  timeoutMs: number;
  /** Wall-clock time, a backstop for a task that waits on something forever; WALL_CLOCK_BACKSTOP_FACTOR times timeoutMs unless set. */
  maxWallMs?: number;
  /** Resident memory of the whole process (heap, buffers, decoded images), checked while the task runs. */
  maxRssMb: number;
}

/** The work a sandbox process does: untrusted bytes in, a PDF out. A document to convert was checked at the job's door. */
export type SandboxTask =
  | { kind: 'convert'; document: CheckedDocument; options: ConversionOptions }
  | { kind: 'render-application'; content: ApplicationContent; documents: Uint8Array[]; options: GenerateOptions };

/**
 * The pool's first message to a new process, the answer to its 'loaded': what it loads before it says it is ready. `warmUp`
 * names the font families its predecessor had read; `office`, the conversions whose warm
 * LibreOffice it starts at once (null where Word documents do not go through LibreOffice), before
 * it says it is ready when `officeBeforeReady` (a successor: its predecessor serves meanwhile),
 * else beside its first tasks (a task is waiting for it).
 */
export interface SandboxStart {
  kind: 'start';
  warmUp: string[];
  office: ConversionOptions | null;
  officeBeforeReady: boolean;
}

/** From the pool to a sandbox process, after its start. */
export interface SandboxRequest {
  id: number;
  task: SandboxTask;
}

/** From a sandbox process to the pool; `length` is said apart from the bytes so the pool can check them. */
export type SandboxReply =
  /** Its code is loaded and it listens: the pool sends the start. */
  | { kind: 'loaded' }
  /** Started and warmed up: it takes requests now. */
  | { kind: 'ready' }
  /** `warmUp` names what this process has loaded (font families): what its successor loads before it is ready. */
  | { kind: 'done'; id: number; pdf: Uint8Array; length: number; warmUp: string[] }
  /** `message` is the applicant's when the failure was a ConversionError; `detail` is for the log. */
  | { kind: 'failed'; id: number; message: string | null; detail: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
/** Warm-up names: short words only, a few of them (a sandbox sends them, its successor reads them). */
const WARM_UP_NAME = /^[A-Za-z0-9]{1,40}$/;
const MAX_WARM_UP_NAMES = 16;
const isWarmUp = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= MAX_WARM_UP_NAMES && value.every((name) => typeof name === 'string' && WARM_UP_NAME.test(name));

/** The start as a new process may trust it, or null (the pool's bug: the process stops). */
export function parseSandboxStart(value: unknown): SandboxStart | null {
  if (!isRecord(value) || value.kind !== 'start' || !isWarmUp(value.warmUp) || typeof value.officeBeforeReady !== 'boolean') return null;
  if (value.office !== null && !isRecord(value.office)) return null;
  return { kind: 'start', warmUp: [...value.warmUp], office: value.office as unknown as ConversionOptions | null, officeBeforeReady: value.officeBeforeReady };
}

/**
 * The reply as the pool may trust it, or null: a sandbox runs hostile input, so what it sends is
 * checked like any other input (shape, types, and the PDF's length against the length it states).
 */
export function parseSandboxReply(value: unknown): SandboxReply | null {
  if (!isRecord(value)) return null;
  if (value.kind === 'loaded' || value.kind === 'ready') return { kind: value.kind };
  if (!isId(value.id)) return null;
  if (value.kind === 'done') {
    const { pdf, length, warmUp } = value;
    if (!(pdf instanceof Uint8Array) || !Number.isSafeInteger(length) || pdf.byteLength !== length || !isWarmUp(warmUp)) return null;
    return { kind: 'done', id: value.id, pdf, length: length as number, warmUp: [...warmUp] };
  }
  if (value.kind === 'failed') {
    const message = typeof value.message === 'string' ? value.message : null;
    return { kind: 'failed', id: value.id, message, detail: typeof value.detail === 'string' ? value.detail : '' };
  }
  return null;
}

/** The request as the sandbox may trust it, or null. */
export function parseSandboxRequest(value: unknown): SandboxRequest | null {
  if (!isRecord(value) || !isId(value.id) || !isRecord(value.task)) return null;
  const task = value.task;
  const document = task.kind === 'convert' ? receivedCheckedDocument(task.document) : null;
  if (document && isRecord(task.options)) {
    return { id: value.id, task: { kind: 'convert', document, options: task.options as unknown as ConversionOptions } };
  }
  if (
    task.kind === 'render-application' &&
    isRecord(task.content) &&
    Array.isArray(task.documents) &&
    task.documents.every((document) => document instanceof Uint8Array) &&
    isRecord(task.options)
  ) {
    return {
      id: value.id,
      task: {
        kind: 'render-application',
        content: task.content as unknown as ApplicationContent,
        documents: task.documents as Uint8Array[],
        options: task.options as unknown as GenerateOptions,
      },
    };
  }
  return null;
}
