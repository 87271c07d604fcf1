// Entry point of a conversion worker thread (see conversion-runner.ts).
import { parentPort } from 'node:worker_threads';
import { ConversionError } from '../conversion-error';
import { convertToPdf } from '../convert-to-pdf';
import { transferableBuffer, type ConversionJobMessage, type WorkerReply } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('conversion-worker.ts runs only as a worker thread.');

function reply(message: WorkerReply, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

port.on('message', async ({ id, bytes, options }: ConversionJobMessage) => {
  try {
    const pdf = transferableBuffer(await convertToPdf(Buffer.from(bytes), options));
    reply({ kind: 'converted', id, pdf }, [pdf]);
  } catch (error) {
    const message = error instanceof ConversionError ? error.message : null;
    const cause = error instanceof Error && error.cause instanceof Error ? `\ncaused by ${error.cause.stack}` : '';
    reply({ kind: 'failed', id, message, detail: `${error instanceof Error ? error.stack : String(error)}${cause}` });
  }
});

// Only now, with the converters loaded, does the runner's clock start for this worker's jobs.
reply({ kind: 'ready' });
