import type { ObjectStore } from '../storage';
import { assembleApplication } from './assemble';
import { drawForm } from './draw-form';
import { appendedDocumentKeys, applicantName, applicationItems } from './form-layout';
import type { ApplicationContent } from './print-items';

export interface GenerateOptions {
  compress: boolean;
}

/** A converted document named by the answers whose PDF is gone: not the applicant's doing, so the job is tried again. */
export class MissingDocumentError extends Error {
  constructor(key: string) {
    super(`The converted PDF ${key} is missing from the object store.`);
    this.name = 'MissingDocumentError';
  }
}

/** Reads the converted documents to append, in form order. */
export async function documentsToAppend(content: ApplicationContent, keys: readonly string[], objects: Pick<ObjectStore, 'get'>): Promise<Buffer[]> {
  return Promise.all(
    keys.map(async (answerKey) => {
      const pdfKey = content.documents[answerKey]!.pdf_key;
      const bytes = await objects.get(pdfKey);
      if (!bytes) throw new MissingDocumentError(pdfKey);
      return bytes;
    }),
  );
}

/**
 * The whole-application PDF from its content and the documents' bytes (in the order
 * appendedDocumentKeys gives): the print view laid out, the documents appended, every page headed.
 * Pure and CPU-bound: the server runs it in a worker thread (runner/pdf-runner.ts).
 */
export async function renderApplicationPdf(content: ApplicationContent, documents: readonly Uint8Array[], options: GenerateOptions): Promise<Buffer> {
  return assembleApplication(await drawForm(applicationItems(content), options), documents, applicantName(content));
}

export type RenderApplicationPdf = typeof renderApplicationPdf;

/** Reads the documents to append from the object store, then renders (on this thread unless a runner's render is given). */
export async function generateApplicationPdf(
  content: ApplicationContent,
  objects: Pick<ObjectStore, 'get'>,
  options: GenerateOptions = { compress: true },
  render: RenderApplicationPdf = renderApplicationPdf,
): Promise<Buffer> {
  const documents = await documentsToAppend(content, appendedDocumentKeys(applicationItems(content), content), objects);
  return render(content, documents, options);
}
