// Every file of the real-world corpus (scripts/support/corpus-files.ts: public test suites' Word
// documents, PDFs, PNGs and JPEGs; sources and licences in tests/corpus/SOURCES.md, and for
// shared/corpus-more in tests/corpus/more-suites.json, which also holds each file's expected
// outcome) goes through the
// real entry point, as an applicant's upload: each ends as its expected class (converted, with its page count,
// or refused, with its message), no file takes the server down, and every stored PDF is one that
// poppler reads and that shows something.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceDocumentPath, type MintedTokenResponse } from '../../common/token-api';
import { UPLOAD_MAX_BYTES } from '../../common/constants';
import { answerFields } from '../../common/form/model';
import { documentTypeOfName } from '../../common/uploads/document-type';
import { uploadMessages } from '../../common/uploads/upload-messages';
import { conversionJobMessages } from '../../backend/conversions/conversion-messages';
import { conversionMessages } from '../../backend/documents/conversion-error';
import { chooseDocxConverter } from '../../backend/documents/docx-converter';
import { DEFAULT_CONVERSION_OPTIONS } from '../../backend/documents/conversion-options';
import { readOutbox } from '../../scripts/support/mail';
import { pdfEndsAtLastEof } from '../support/pdf-bytes';
import { pdfInfo, rendersBlank } from '../support/poppler';
import { loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { createProcessStore, freePort, startBackendProcess, type BackendProcess, type ProcessStore } from '../../scripts/support/backend-process';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { CONVERSION_END_BOUND_MS, convertThroughApi, uploadFile } from '../../scripts/support/uploads';
import { corpusFiles, listedExpectations, missingSharedCorpora, type CorpusFile, type ListedExpectation } from '../../scripts/support/corpus-files';

const EXPECTED = path.resolve(import.meta.dirname, '../corpus/expected.json');
const ADMIN_API_KEY = 'corpus-test-admin-key-0123456789abcdef';
const UPLOAD_KEY = answerFields.find((field) => field.type === 'upload')!.key;
/** Applicants converting at once: the sandbox pool's two processes both kept busy. */
const APPLICANTS = 2;

/**
 * What becomes of one corpus file: converted to a PDF of this many pages, or refused with the
 * message of this class. `blank` names why a converted file may render blank: only a picture that
 * is itself blank (every pixel white, or white and transparent), as an independent decoder shows.
 */
type Expectation = ListedExpectation;

/**
 * The outcome of a Word document is LibreOffice's, which the server uses where it is installed
 * (DOCX_CONVERTER=auto); `builtin` is the built-in converter's where it differs (LibreOffice
 * starts a new page for each section and puts endnotes on a page of their own).
 */
const recorded: Record<string, Expectation & { builtin?: Expectation }> = { ...JSON.parse(fs.readFileSync(EXPECTED, 'utf8')), ...listedExpectations() };
const docxConverter = chooseDocxConverter('auto', process.env.PATH).converter.name;
const expectations = Object.fromEntries(Object.entries(recorded).map(([id, { builtin, ...outcome }]) => [id, docxConverter === 'builtin' && builtin ? builtin : (outcome as Expectation)]));
const files = corpusFiles();
for (const { dir } of missingSharedCorpora()) console.warn(`The public suites' corpus is not at ${dir}: its files do not run.`);
/** Whether a file of this id runs here: its corpus is on this machine, and GRADAPP_CORPUS_ONLY keeps it. */
const runsHere = (id: string) => !missingSharedCorpora().some(({ idPrefix }) => id.startsWith(`${idPrefix}/`)) && id.startsWith(process.env.GRADAPP_CORPUS_ONLY ?? '');

/** The message an applicant reads for each class of refusal named in expected.json. */
function refusalMessage(messageClass: string, fileName: string): string {
  if (messageClass === 'notReally') return uploadMessages.notReally(documentTypeOfName(fileName)!);
  if (messageClass === 'tooManyPages') return conversionMessages.tooManyPages(DEFAULT_CONVERSION_OPTIONS.maxPages);
  if (messageClass === 'conversionFailed') return conversionJobMessages.failed;
  const message = (conversionMessages as Record<string, unknown>)[messageClass] ?? (uploadMessages as Record<string, unknown>)[messageClass];
  if (typeof message !== 'string') throw new Error(`expected.json names an unknown message class: ${messageClass}`);
  return message;
}

interface Outcome {
  file: CorpusFile;
  status: string;
  message: string;
  pdf?: Buffer;
  /** The stored PDF's page count as poppler reads it. */
  pages?: number;
  /** What poppler found wrong with the stored PDF. */
  pdfProblems: string[];
}

/** What a real reader makes of a stored PDF: its pages, and what is wrong (unreadable, another page count, bytes around it, blank). */
async function readStoredPdf(pdf: Buffer, expected: Expectation | undefined): Promise<{ pages?: number; problems: string[] }> {
  const problems: string[] = [];
  let pages: number | undefined;
  try {
    const info = await pdfInfo(pdf);
    pages = info.pages;
    if (expected && 'converts' in expected && info.pages !== expected.converts) problems.push(`${info.pages} pages, expected ${expected.converts}`);
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') problems.push('does not start with %PDF-');
    if (!pdfEndsAtLastEof(pdf)) problems.push('bytes after its last %%EOF');
    if (!(expected && 'blank' in expected) && (await rendersBlank(pdf))) problems.push('renders blank');
  } catch (error) {
    problems.push(`poppler cannot read it: ${(error as Error).message.split('\n')[0]}`);
  }
  return { pages, problems };
}

describe.each(dialects)('the real-world corpus through the real server on %s', (dialect) => {
  let store: ProcessStore;
  let backend: BackendProcess;
  let pid: number;
  const outcomes = new Map<string, Outcome>();

  async function applicant(): Promise<{ client: ApiClient; serviceToken: string }> {
    const username = uniqueEmail('corpus');
    const client = await loggedInApplicant({ baseUrl: backend.baseUrl, outbox: () => readOutbox(store.dataDir) }, username);
    const admin = new ApiClient(backend.baseUrl);
    const minted = await admin.request<MintedTokenResponse>('POST', '/admin/service-tokens', { username, days: 1 }, { authorization: `Bearer ${ADMIN_API_KEY}` });
    expect(minted.status).toBe(201);
    return { client, serviceToken: minted.body.token };
  }

  async function convert(client: ApiClient, serviceToken: string, file: CorpusFile): Promise<Outcome> {
    const bytes = fs.readFileSync(file.path);
    const fileName = file.uploadName;
    if (bytes.length > UPLOAD_MAX_BYTES) {
      // The store refuses the upload itself (400, or 413 with the connection closed mid-body), as any form over its size range.
      await expect(uploadFile({ origin: backend.baseUrl }, client, UPLOAD_KEY, bytes)).rejects.toThrow(/answered 4\d\d|fetch failed/);
      return { file, status: 'FAILED', message: uploadMessages.tooLarge, pdfProblems: [] };
    }
    const final = await convertThroughApi({ origin: backend.baseUrl }, client, UPLOAD_KEY, bytes, fileName);
    if (final.status === 'COMPLETED') {
      const response = await fetch(backend.baseUrl + serviceDocumentPath(UPLOAD_KEY, serviceToken));
      expect(response.status, file.id).toBe(200);
      const pdf = Buffer.from(await response.arrayBuffer());
      const { pages, problems } = await readStoredPdf(pdf, expectations[file.id]);
      return { file, status: final.status, message: final.message, pdf, pages, pdfProblems: problems };
    }
    const status = final.status === 'FAILED' ? final.status : `still ${final.status} after ${CONVERSION_END_BOUND_MS / 1000} s`;
    return { file, status, message: final.message, pdfProblems: [] };
  }

  beforeAll(async () => {
    store = await createProcessStore(dialect);
    backend = await startBackendProcess(store, await freePort(), 30_000, { ADMIN_API_KEY });
    pid = backend.child.pid!;
    const queue = [...files];
    const applicants = await Promise.all(Array.from({ length: APPLICANTS }, () => applicant()));
    await Promise.all(
      applicants.map(async ({ client, serviceToken }) => {
        for (let file = queue.shift(); file; file = queue.shift()) outcomes.set(file.id, await convert(client, serviceToken, file));
      }),
    );
    // For whoever grows the corpus: what each file became, to review before writing expected.json.
    if (process.env.GRADAPP_CORPUS_OUTCOMES) {
      const report = Object.fromEntries(
        [...outcomes].map(([id, { status, message, pdf, pages, pdfProblems: problems }]) => [id, { status, message, bytes: pdf?.length, pages, problems }]),
      );
      fs.writeFileSync(`${process.env.GRADAPP_CORPUS_OUTCOMES}.${dialect}.json`, JSON.stringify(report, null, 2));
    }
  }, 900_000);

  afterAll(async () => {
    await backend?.kill();
    await store?.drop();
  });

  it('has an expected outcome for every file of the corpus, and no other', () => {
    const expected = Object.keys(expectations).filter(runsHere);
    expect(expected.sort()).toEqual(files.map((file) => file.id).sort());
  });

  it('ends every file as expected: converted with its page count, or refused with its message', () => {
    const wrong = files.flatMap((file) => {
      const expected = expectations[file.id];
      const outcome = outcomes.get(file.id)!;
      if (!expected) return [`${file.id}: no expectation; it ended ${outcome.status}: ${outcome.message}`];
      const problem =
        'converts' in expected
          ? outcome.status === 'COMPLETED'
            ? null
            : `expected to convert, but ${outcome.status}: ${outcome.message}`
          : outcome.status === 'FAILED' && outcome.message === refusalMessage(expected.refused, file.uploadName)
            ? null
            : `expected to be refused as ${expected.refused}, but ${outcome.status}: ${outcome.message}`;
      return problem ? [`${file.id}: ${problem}`] : [];
    });
    expect(wrong).toEqual([]);
  });

  it('stores only PDFs that poppler reads with the expected page count, exactly their own bytes, none blank', () => {
    const wrong = [...outcomes.values()].flatMap((outcome) => outcome.pdfProblems.map((problem) => `${outcome.file.id}: ${problem}`));
    expect(wrong).toEqual([]);
  });

  it('is still the same server process, answering, after the whole corpus', async () => {
    expect(backend.child.exitCode).toBeNull();
    expect(backend.child.signalCode).toBeNull();
    expect(backend.child.pid).toBe(pid);
    expect((await fetch(`${backend.baseUrl}/health`)).status).toBe(200);
  });
});
