import type { ObjectStore } from '../storage';
import { assembleApplication } from './assemble';
import { drawForm } from './draw-form';
import { appendedDocumentKeys, applicationItems, headerName } from './form-layout';
import type { AppendedPart, ApplicationContent, PrintItem } from './print-items';

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

/** Reads the converted documents to append: the form's in form order, then those of the parts that follow it (`appended`) in theirs. */
export async function documentsToAppend(content: ApplicationContent, keys: readonly string[], objects: Pick<ObjectStore, 'get'>): Promise<Buffer[]> {
  const pdfKeys = [...keys.map((answerKey) => content.documents[answerKey]!.pdf_key), ...(content.appended ?? []).flatMap((part) => (part.pdf_key ? [part.pdf_key] : []))];
  return Promise.all(
    pdfKeys.map(async (pdfKey) => {
      const bytes = await objects.get(pdfKey);
      if (!bytes) throw new MissingDocumentError(pdfKey);
      return bytes;
    }),
  );
}

/** A typed letter on pages of its own: its title, then the text as typed, in the form's font chain. */
const typedLetterItems = (part: AppendedPart): PrintItem[] => [
  { kind: 'page', title: part.title },
  { kind: 'field', label: 'Letter', value: part.text ?? '' },
];

/**
 * Every appended part's PDF in order: the form's documents as given, then each part that follows
 * the form, a converted one as given and a typed letter laid out here.
 */
async function appendedPdfs(content: ApplicationContent, documents: readonly Uint8Array[], options: GenerateOptions): Promise<Uint8Array[]> {
  const parts = content.appended ?? [];
  const converted = documents.slice(documents.length - parts.filter((part) => part.pdf_key).length);
  const formDocuments = documents.slice(0, documents.length - converted.length);
  let next = 0;
  const later: Uint8Array[] = [];
  for (const part of parts) later.push(part.pdf_key ? converted[next++]! : await drawForm(typedLetterItems(part), options));
  return [...formDocuments, ...later];
}

/**
 * The whole-application PDF from its content and the documents' bytes (in the order
 * appendedDocumentKeys gives): the print view laid out, the documents appended, every page headed.
 * Pure and CPU-bound: the server runs it in a worker thread (runner/pdf-runner.ts).
 */
export async function renderApplicationPdf(content: ApplicationContent, documents: readonly Uint8Array[], options: GenerateOptions): Promise<Buffer> {
  return assembleApplication(await drawForm(applicationItems(content), options), await appendedPdfs(content, documents, options), headerName(content));
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
