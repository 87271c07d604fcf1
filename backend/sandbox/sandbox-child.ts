// Entry point of a sandbox process (see sandbox-pool.ts): converts documents and renders
// application PDFs, one request at a time, for the pool in the web process. Whatever goes wrong
// here, a V8 abort included, ends this process only.
import { renderApplicationPdf } from '../application-pdf/generate';
import { warmUpApplicationPdf } from '../application-pdf/warm-up';
import { ConversionError } from '../documents/conversion-error';
import { withBytes } from '../documents/checked-document';
import { convertToPdf } from '../documents/convert-to-pdf';
import { prepareWarmOffice } from '../documents/libreoffice/docx-to-pdf-with-libreoffice';
import { loadedFamilyNames } from '../fonts/font-faces';
import { exactCopy } from './exact-bytes';
import { parseSandboxRequest, parseSandboxStart, type SandboxReply, type SandboxStart, type SandboxTask } from './sandbox-protocol';

if (!process.send) throw new Error('sandbox-child.ts runs only as a child process of the sandbox pool.');

function reply(message: SandboxReply): void {
  process.send!(message);
}

function perform(task: SandboxTask): Promise<Uint8Array> {
  switch (task.kind) {
    case 'convert':
      return convertToPdf(withBytes(task.document, exactCopy), task.options);
    case 'render-application':
      return renderApplicationPdf(task.content, task.documents.map(exactCopy), task.options);
  }
}

/** Resolves with the pool's first message, the start; every later one is a request. */
let started: ((start: SandboxStart) => void) | null = null;
const start = new Promise<SandboxStart>((resolve) => {
  started = resolve;
});

process.on('message', async (message: unknown) => {
  if (started) {
    const received = parseSandboxStart(message);
    // A start that is not one is the pool's bug, as is a request before it.
    if (!received) process.exit(70);
    started(received);
    started = null;
    return;
  }
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

// Listening now: a message sent before would have found no listener.
reply({ kind: 'loaded' });

const { warmUp, office, officeBeforeReady } = await start;
// The warm LibreOffice starts at once, so the first Word document finds it running. A start that
// fails costs only its time: the document that needs it starts another.
const officeStarted = office ? prepareWarmOffice(office) : Promise.resolve();
// A successor reads the font families its predecessor had read: it renders with them once, thrown
// away, so the first real task finds fonts read and code compiled. A warm-up that fails costs only
// its time: the task that needs the family reads it as a cold process would.
if (warmUp.length > 0) {
  await warmUpApplicationPdf(warmUp).catch((error: unknown) => console.error('The warm-up render failed:', error));
}
if (officeBeforeReady) await officeStarted;

// Only now, with the converters loaded (and warmed), does the pool's clock start for this process's requests.
reply({ kind: 'ready' });
