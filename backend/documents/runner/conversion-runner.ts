import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { ConversionError, conversionMessages } from '../conversion-error';
import { conversionOptions, type ConversionOptions } from '../conversion-options';
import type { ConversionJobMessage, WorkerReply } from './worker-protocol';

export interface ConversionRunnerOptions {
  /** Worker threads at most; by default one fewer than the cores, at least 1 and at most 2. */
  maxWorkers?: number;
  /** A conversion running longer is stopped by terminating its worker. */
  timeoutMs?: number;
  /** A worker idle this long is stopped, returning its memory; the next job starts a new one. */
  idleTimeoutMs?: number;
  /** V8 heap of each worker; a document needing more crashes its worker, not the server. */
  maxHeapMb?: number;
  conversion?: Partial<ConversionOptions>;
  /** Told of every worker that crashed or could not start, for the log. */
  onWorkerError?: (error: Error) => void;
}

export interface ConversionRunner {
  /** The document as a PDF, or a ConversionError with the applicant's message. */
  run(bytes: Uint8Array): Promise<Buffer>;
  /** Stops the workers; jobs not finished are rejected with ConversionRunnerClosedError. */
  close(): Promise<void>;
}

/** The job was not converted because the runner stopped: not the document's fault, so it can be tried again. */
export class ConversionRunnerClosedError extends Error {
  constructor() {
    super('The conversion runner was closed before the job finished.');
    this.name = 'ConversionRunnerClosedError';
  }
}

const WORKER_URL = new URL('./conversion-worker-entry.mjs', import.meta.url);
/** Workers that die before they are ready, in a row, before queued jobs are given up. */
const MAX_START_FAILURES = 3;

interface Job {
  id: number;
  bytes: ArrayBuffer;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

interface WorkerSlot {
  worker: Worker;
  ready: boolean;
  retired: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
}

function defaultWorkerCount(): number {
  return Math.max(1, Math.min(2, os.availableParallelism() - 1));
}

/**
 * Runs `convertToPdf` in a small pool of worker threads, off the event loop that serves requests.
 * A conversion that runs past the time limit has its worker terminated; a worker that crashes
 * (an exception nobody caught, a heap out of memory) fails its job only, and is replaced.
 * Workers start when jobs arrive and stop when idle.
 */
export function createConversionRunner(options: ConversionRunnerOptions = {}): ConversionRunner {
  const maxWorkers = options.maxWorkers ?? defaultWorkerCount();
  const timeoutMs = options.timeoutMs ?? 30_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const maxHeapMb = options.maxHeapMb ?? 1024;
  const conversion = conversionOptions(options.conversion);
  const queue: Job[] = [];
  const slots = new Set<WorkerSlot>();
  let nextId = 1;
  let closed = false;
  let startFailures = 0;

  function spawn(): void {
    // No flags of the parent's: some (heap sizes) are refused in workers; the entry brings tsx itself.
    const worker = new Worker(WORKER_URL, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
    const slot: WorkerSlot = { worker, ready: false, retired: false };
    slots.add(slot);
    worker.on('message', (reply: WorkerReply) => onReply(slot, reply));
    worker.on('error', (error) => retire(slot, error));
    worker.on('exit', (code) => retire(slot, new Error(`A conversion worker stopped with exit code ${code}.`)));
  }

  function settle(slot: WorkerSlot): Job | undefined {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    return job;
  }

  /** Takes a worker out of the pool for good, failing the job it had, if any. */
  function retire(slot: WorkerSlot, error?: Error): void {
    if (slot.retired) return;
    slot.retired = true;
    slots.delete(slot);
    const job = settle(slot);
    void slot.worker.terminate();
    if (closed) return;
    if (error) options.onWorkerError?.(error);
    if (job) {
      const outOfMemory = (error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      job.reject(new ConversionError(outOfMemory ? conversionMessages.docxTooLarge : conversionMessages.failed, { cause: error }));
    }
    if (!slot.ready && (startFailures += 1) >= MAX_START_FAILURES) {
      startFailures = 0;
      for (const waiting of queue.splice(0)) waiting.reject(new Error('Conversion workers cannot start.', { cause: error }));
    }
    pump();
  }

  function onReply(slot: WorkerSlot, reply: WorkerReply): void {
    if (reply.kind === 'ready') {
      slot.ready = true;
      startFailures = 0;
    } else if (slot.job?.id === reply.id) {
      const job = settle(slot)!;
      if (reply.kind === 'converted') job.resolve(Buffer.from(reply.pdf));
      else job.reject(new ConversionError(reply.message ?? conversionMessages.failed, { cause: new Error(reply.detail) }));
    }
    pump();
  }

  function dispatch(slot: WorkerSlot, job: Job): void {
    clearTimeout(slot.timer);
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      settle(slot);
      job.reject(new ConversionError(conversionMessages.timedOut));
      retire(slot);
    }, timeoutMs);
    const message: ConversionJobMessage = { id: job.id, bytes: job.bytes, options: conversion };
    slot.worker.postMessage(message, [job.bytes]);
  }

  /** Hands queued jobs to ready workers, starts workers for the rest, and lets idle ones go. */
  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (!slot.ready || slot.job) continue;
      const job = queue.shift();
      if (job) {
        dispatch(slot, job);
      } else if (!slot.timer) {
        // Idle: no longer keeps the process alive, and stops after a while.
        slot.worker.unref();
        slot.timer = setTimeout(() => retire(slot), idleTimeoutMs);
        slot.timer.unref();
      }
    }
    let starting = [...slots].filter((slot) => !slot.ready).length;
    while (slots.size < maxWorkers && queue.length > starting) {
      spawn();
      starting += 1;
    }
  }

  return {
    run(bytes) {
      if (closed) return Promise.reject(new ConversionRunnerClosedError());
      // Refused here, before a large upload is copied to a worker only to be refused there.
      if (bytes.length > conversion.maxInputBytes) return Promise.reject(new ConversionError(conversionMessages.tooLarge));
      const copy = new Uint8Array(bytes.byteLength);
      copy.set(bytes);
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, bytes: copy.buffer, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      const error = new ConversionRunnerClosedError();
      for (const job of queue.splice(0)) job.reject(error);
      const stopping = [...slots].map((slot) => {
        slot.retired = true;
        settle(slot)?.reject(error);
        return slot.worker.terminate();
      });
      slots.clear();
      await Promise.all(stopping);
    },
  };
}
