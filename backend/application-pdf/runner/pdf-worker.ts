// Entry point of an application PDF worker thread (see pdf-runner.ts).
import { parentPort } from 'node:worker_threads';
import { transferableBuffer } from '../../documents/runner/worker-protocol';
import { renderApplicationPdf } from '../generate';
import type { RenderMessage, RenderReply } from './pdf-protocol';

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs only as a worker thread.');

port.on('message', async ({ id, content, documents, options }: RenderMessage) => {
  let reply: RenderReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const pdf = transferableBuffer(await renderApplicationPdf(content, documents.map((bytes) => new Uint8Array(bytes)), options));
    reply = { kind: 'rendered', id, pdf };
    transfer = [pdf];
  } catch (error) {
    reply = { kind: 'failed', id, detail: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply, transfer);
});
