// Entry point of a sandbox process (see sandbox-pool.ts): converts documents and renders
// application PDFs, one request at a time, for the pool in the web process. Whatever goes wrong
// here, a V8 abort included, ends this process only.
import { renderApplicationPdf } from '../application-pdf/generate';
import { warmUpApplicationPdf } from '../application-pdf/warm-up';
import { ConversionError } from '../documents/conversion-error';
import { convertToPdf } from '../documents/convert-to-pdf';
import { loadedFamilyNames } from '../fonts/font-faces';
import { exactCopy } from './exact-bytes';
import { parseSandboxRequest, parseWarmUpArguments, type SandboxReply, type SandboxTask } from './sandbox-protocol';

if (!process.send) throw new Error('sandbox-child.ts runs only as a child process of the sandbox pool.');

function reply(message: SandboxReply): void {
  process.send!(message);
}

function perform(task: SandboxTask): Promise<Uint8Array> {
  switch (task.kind) {
    case 'convert':
      return convertToPdf(exactCopy(task.bytes), task.options);
    case 'render-application':
      return renderApplicationPdf(task.content, task.documents.map(exactCopy), task.options);
  }
}

process.on('message', async (message: unknown) => {
  const request = parseSandboxRequest(message);
  // A request that is not one is the pool's bug: stop, and the pool fails whatever it had sent.
  if (!request) process.exit(70);
  try {
    const pdf = exactCopy(await perform(request.task));
    reply({ kind: 'done', id: request.id, pdf, length: pdf.byteLength, warmUp: loadedFamilyNames() });
  } catch (error) {
    const applicantMessage = error instanceof ConversionError ? error.message : null;
    const cause = error instanceof Error && error.cause instanceof Error ? `\ncaused by ${error.cause.stack}` : '';
    reply({ kind: 'failed', id: request.id, message: applicantMessage, detail: `${error instanceof Error ? error.stack : String(error)}${cause}` });
  }
});

// The pool going away (its process ended) ends this one too.
process.on('disconnect', () => process.exit(0));

// A successor is started with the font families its predecessor had read: it renders with them
// once, thrown away, so the first real task finds fonts read and code compiled. A warm-up that
// fails costs only its time: the task that needs the family reads it as a cold process would.
const warmUp = parseWarmUpArguments(process.argv.slice(2));
if (warmUp.length > 0) {
  await warmUpApplicationPdf(warmUp).catch((error: unknown) => console.error('The warm-up render failed:', error));
}

// Only now, with the converters loaded (and warmed), does the pool's clock start for this process's requests.
reply({ kind: 'ready' });
