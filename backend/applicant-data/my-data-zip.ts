import type { Answers } from '../../common/api';
import { fileOutsideTheAnswers } from '../../common/checklist-api';
import { answerFields, isUploadKey } from '../../common/form/model';
import { DESC_SUFFIX } from '../../common/form/model/define';
import { labelOfKey } from '../../common/form/pages';
import type { ApplicationPdfService } from '../application-pdfs/application-pdf-service';
import type { AccountStore } from '../auth/accounts-store';
import type { AnswerStore } from '../applicant/answers-store';
import type { SubmissionStore } from '../applicant/submissions-store';
import type { ObjectStore } from '../storage';
import type { ConversionRow } from '../conversions/conversions-store';
import { csvLine } from '../export/csv-line';
import { createZipWriter } from '../export/zip-stream';
import type { ApplicantDataStore } from './applicant-data-store';

/** The store parts "Download my data" reads. */
export interface MyDataStore {
  accounts: AccountStore;
  answers: AnswerStore;
  submissions: SubmissionStore;
  applicantData: Pick<ApplicantDataStore, 'documents' | 'letterRequests'>;
}

export interface MyDataDeps {
  store: MyDataStore;
  objects: Pick<ObjectStore, 'get'>;
  pdfs: Pick<ApplicationPdfService, 'status' | 'applicationPdfFor'>;
}

const iso = (time: number | string | null | undefined) => (time === null || time === undefined ? '' : new Date(Number(time)).toISOString());
const shown = (value: unknown) => (value === true ? 'Yes' : value === false ? 'No' : value === null || value === undefined ? '' : String(value));

/** A name the zip can hold as one file in one folder: no separators, control characters or leading dots. */
export function zipSafeName(name: string): string {
  const safe = [...name]
    .map((character) => (/[/\\:*?"<>|]/.test(character) || character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f ? '_' : character))
    .join('')
    .replace(/^[.\s]+/, '')
    .slice(0, 150);
  return safe || 'file';
}

/**
 * answers.csv: every stored answer, in the form's order, by its question's label, with the option's
 * label where the answer is a choice (its `_desc`) and the value as stored; keys the form no
 * longer declares come last, under their key.
 */
export function answersCsv(answers: Answers): string {
  const lines = [csvLine(['Question', 'Answer', 'Stored value', 'Key'])];
  const ordered = answerFields.map((field) => field.key).filter((key) => !key.endsWith(DESC_SUFFIX) || !(key.slice(0, -DESC_SUFFIX.length) in answers));
  const known = new Set(ordered);
  const keys = [...ordered, ...Object.keys(answers).filter((key) => !known.has(key) && !answerFields.some((field) => field.key === key)).sort()];
  for (const key of keys) {
    if (!(key in answers)) continue;
    const description = answers[`${key}${DESC_SUFFIX}`];
    lines.push(csvLine([labelOfKey(key) ?? key, shown(description ?? answers[key]), shown(answers[key]), key]));
  }
  return `\uFEFF${lines.join('')}`;
}

/** The applicant's own documents: the form's uploads and the program documents sent after submission, never a recommender's letter. */
function isApplicantsDocument(row: ConversionRow): boolean {
  return isUploadKey(row.answer_key) || fileOutsideTheAnswers(row.answer_key)?.kind === 'document';
}

function documentLabel(answerKey: string): string {
  const outside = fileOutsideTheAnswers(answerKey);
  if (outside?.kind === 'document') return `${labelOfKey(outside.documentKey) ?? outside.documentKey} (sent after submission)`;
  return labelOfKey(answerKey) ?? answerKey;
}

const README = [
  'Your application data',
  '',
  'account.csv: your account (e-mail address, when it was created and confirmed, your logins).',
  'answers.csv: every answer you saved, by question, with the option you chose and the value as stored.',
  'documents.csv and documents/: each document you uploaded, as you sent it (original-...) and as the PDF we made of it (converted.pdf).',
  'application.pdf: your application as submitted (or application-pdf-not-ready.txt while it is being made: download again in a minute).',
  'letters-of-recommendation.csv: the recommenders you asked and where each request stands. The letters themselves are never shown to you.',
  '',
].join('\r\n');

/**
 * "Download my data" (issue 35 item 4): a zip, written as it goes, one document in memory at a
 * time. Nothing of a letter's text is in it, waived or not: the applicant never reads a letter
 * (docs/decisions.md, "Letters: uploads, the office's PDF").
 */
export async function* myDataZip({ store, objects, pdfs }: MyDataDeps, accountId: string, now: Date): AsyncGenerator<Buffer> {
  const zip = createZipWriter();
  const text = (name: string, content: string) => zip.file(name, Buffer.from(content, 'utf8'), now);
  const account = await store.accounts.findById(accountId);
  if (!account) return;
  yield text('README.txt', README);
  const logins = await store.accounts.listLogins(accountId);
  yield text(
    'account.csv',
    [csvLine(['E-mail', 'Created', 'Confirmed']), csvLine([account.username, iso(account.created_at), iso(account.confirmed_at)]), csvLine([]), csvLine(['Logins']), ...logins.map((at) => csvLine([iso(at)]))].join(''),
  );
  yield text('answers.csv', answersCsv(await store.answers.list(accountId)));

  const documents = (await store.applicantData.documents(accountId)).filter(isApplicantsDocument);
  const listing = [csvLine(['Question', 'File name', 'Size (bytes)', 'Conversion', 'Folder'])];
  for (const row of documents) {
    const folder = `documents/${zipSafeName(row.answer_key)}`;
    listing.push(csvLine([documentLabel(row.answer_key), row.file_name, row.file_size, row.status, folder]));
    const original = await objects.get(row.file_key);
    if (original) yield zip.file(`${folder}/original-${zipSafeName(row.file_name)}`, original, new Date(Number(row.created_at)));
    const converted = row.pdf_key ? await objects.get(row.pdf_key) : null;
    if (converted) yield zip.file(`${folder}/converted.pdf`, converted, new Date(Number(row.updated_at)));
  }
  yield text('documents.csv', listing.join(''));

  if (await store.submissions.isSubmitted(accountId)) {
    // Asking for the status starts the PDF's making when it has none for the application as it is.
    const pdf = (await pdfs.status(accountId)).status === 'COMPLETED' ? await pdfs.applicationPdfFor(accountId) : null;
    if (pdf) yield zip.file('application.pdf', pdf.bytes, now);
    else yield text('application-pdf-not-ready.txt', 'Your application PDF is being made. Download your data again in a minute to have it.\r\n');
  }

  const requests = await store.applicantData.letterRequests(accountId);
  const letters = [csvLine(['Recommender', 'E-mail', 'Relationship', 'Asked', 'Invitations sent', 'Last sent', 'Opened', 'Letter received', 'Withdrawn'])];
  for (const request of requests) {
    letters.push(
      csvLine([request.recommender_name, request.recommender_email, request.relationship, iso(request.created_at), request.invitations_sent, iso(request.last_sent_at), iso(request.opened_at), iso(request.received_at), iso(request.revoked_at)]),
    );
  }
  yield text('letters-of-recommendation.csv', letters.join(''));
  yield zip.end();
}
