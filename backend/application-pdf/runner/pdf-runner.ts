import { Worker } from 'node:worker_threads';
import type { GenerateOptions } from '../generate';
import type { ApplicationContent } from '../print-items';
import type { RenderMessage, RenderReply } from './pdf-protocol';

export interface ApplicationPdfRunnerOptions {
  /** A render running longer is stopped by terminating the worker. */
  timeoutMs?: number;
  /** An idle worker is stopped, returning its memory; the next render starts a new one. */
  idleTimeoutMs?: number;
  maxHeapMb?: number;
}

export interface ApplicationPdfRunner {
  render(content: ApplicationContent, documents: readonly Uint8Array[], options: GenerateOptions): Promise<Buffer>;
  /** Stops the worker; renders not finished are rejected with ApplicationPdfRunnerClosedError. */
  close(): Promise<void>;
}

/** Not rendered because the runner stopped: the generation is given back, uncounted, for another try. */
export class ApplicationPdfRunnerClosedError extends Error {
  constructor() {
    super('The application PDF runner was closed before the PDF was rendered.');
    this.name = 'ApplicationPdfRunnerClosedError';
  }
}

const WORKER_URL = new URL('./pdf-worker-entry.mjs', import.meta.url);

interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Renders application PDFs in one worker thread, off the event loop that serves requests: an
 * application with documents of hundreds of pages takes pdf-lib a good while. The worker starts
 * with the first render and stops when idle; one that crashes or runs past the time limit fails
 * the renders it had and is replaced by the next render.
 */
export function createApplicationPdfRunner(options: ApplicationPdfRunnerOptions = {}): ApplicationPdfRunner {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const pending = new Map<number, Pending>();
  let worker: Worker | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;

  function stopWorker(error: Error): void {
    const stopping = worker;
    worker = null;
    clearTimeout(idleTimer);
    for (const [id, job] of pending) {
      clearTimeout(job.timer);
      pending.delete(id);
      job.reject(error);
    }
    void stopping?.terminate();
  }

  function settle(id: number): Pending | undefined {
    const job = pending.get(id);
    if (!job) return undefined;
    clearTimeout(job.timer);
    pending.delete(id);
    if (pending.size === 0 && worker) {
      worker.unref();
      idleTimer = setTimeout(() => stopWorker(new ApplicationPdfRunnerClosedError()), idleTimeoutMs);
      idleTimer.unref();
    }
    return job;
  }

  function ensureWorker(): Worker {
    clearTimeout(idleTimer);
    if (worker) return worker;
    const started = new Worker(WORKER_URL, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 1024 } });
    started.on('message', (reply: RenderReply) => {
      const job = settle(reply.id);
      if (!job) return;
      if (reply.kind === 'rendered') job.resolve(Buffer.from(reply.pdf));
      else job.reject(new Error(`The application PDF could not be rendered.\n${reply.detail}`));
    });
    started.on('error', (error) => worker === started && stopWorker(error));
    started.on('exit', (code) => worker === started && stopWorker(new Error(`The application PDF worker stopped with exit code ${code}.`)));
    worker = started;
    return started;
  }

  return {
    render(content, documents, renderOptions) {
      if (closed) return Promise.reject(new ApplicationPdfRunnerClosedError());
      const target = ensureWorker();
      target.ref();
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        const timer = setTimeout(() => stopWorker(new Error(`The application PDF took longer than ${timeoutMs} ms to render.`)), timeoutMs);
        pending.set(id, { resolve, reject, timer });
        const copies = documents.map((bytes) => Uint8Array.from(bytes).buffer);
        const message: RenderMessage = { id, content, documents: copies, options: renderOptions };
        target.postMessage(message, copies);
      });
    },
    async close() {
      closed = true;
      const stopping = worker;
      stopWorker(new ApplicationPdfRunnerClosedError());
      await stopping?.terminate();
    },
  };
}
