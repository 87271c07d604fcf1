import { answerFields } from '../../common/form/model';
import { isCalendarDay } from '../../common/form/calendar-day';
import { tenant } from '../../common/form/tenant';
import type { ChecklistSummary } from '../../common/checklist-api';
import type { ExportedApplication } from '../../common/staff-api';
import type { ApplicationPdfService } from '../application-pdfs/application-pdf-service';
import { maskSensitiveAnswers } from '../../common/form/sensitive-answers';
import { badRequest } from '../http/errors';
import { summaryOfColumns } from '../store/checklist-schema';
import type { ExportCursor, StaffExportStore, SubmittedRow } from './exports-store';
import { csvLine } from '../export/csv-line';
import { startOfDayIn } from './time-zone-days';
import { createZipWriter } from '../export/zip-stream';

/** The store part the exports read. */
type ExportStore = { staffExports: StaffExportStore };

/** Applications read per query: memory stays bounded however many are exported. */
export const EXPORT_BATCH = 200;
/** The columns before the answers, always there. */
export const EXPORT_META_COLUMNS = ['application_id', 'email', 'submitted_at'] as const;
/** The checklist summary's columns (issue 28 item 4), after those: empty for a file with no summary yet. */
export const EXPORT_CHECKLIST_COLUMNS = ['checklist_complete', 'fee_awaiting', 'transcripts_missing', 'letters_missing', 'documents_missing', 'outstanding'] as const;
/** Every answer key of the data model, in its order, each `_desc` companion after its key. */
export const EXPORT_ANSWER_KEYS: readonly string[] = answerFields.map((field) => field.key);
const KNOWN_KEYS = new Set(EXPORT_ANSWER_KEYS);

export const exportMessages = {
  rangeRequired: 'Choose the days to export: from and to, each written as YYYY-MM-DD.',
  rangeBackwards: 'The first day to export must not be after the last.',
  unknownColumns: (keys: string[]) => `These are not answer keys: ${keys.slice(0, 10).join(', ')}.`,
} as const;

export interface ExportRequest {
  from: string;
  to: string;
  range: { from: number; before: number };
  columns: readonly string[];
}

/** The export's parameters (ExportQuery), read strictly: 400 for anything it does not know. */
export function parseExportQuery(query: Record<string, unknown>): ExportRequest {
  const from = query.from;
  const to = query.to;
  if (typeof from !== 'string' || typeof to !== 'string' || !isCalendarDay(from) || !isCalendarDay(to)) throw badRequest(exportMessages.rangeRequired);
  if (from > to) throw badRequest(exportMessages.rangeBackwards);
  let columns: readonly string[] = EXPORT_ANSWER_KEYS;
  if (query.columns !== undefined && query.columns !== '') {
    if (typeof query.columns !== 'string') throw badRequest(exportMessages.unknownColumns(['columns']));
    const asked = [...new Set(query.columns.split(',').map((key) => key.trim()).filter(Boolean))];
    const unknown = asked.filter((key) => !KNOWN_KEYS.has(key));
    if (unknown.length > 0 || asked.length === 0) throw badRequest(exportMessages.unknownColumns(unknown.length > 0 ? unknown : ['columns']));
    columns = EXPORT_ANSWER_KEYS.filter((key) => asked.includes(key));
  }
  return { from, to, range: { from: startOfDayIn(tenant.time_zone, from), before: startOfDayIn(tenant.time_zone, to, 1) }, columns };
}

/** The submitted applications of the range, oldest first, one bounded batch in memory at a time. */
async function* submitted(store: ExportStore, range: ExportRequest['range']): AsyncGenerator<SubmittedRow> {
  let after: ExportCursor | null = null;
  for (;;) {
    const batch = await store.staffExports.submittedBatch(range, after, EXPORT_BATCH);
    yield* batch;
    if (batch.length < EXPORT_BATCH) return;
    const last = batch.at(-1)!;
    after = { submittedAt: Number(last.submitted_at), accountId: last.account_id };
  }
}

function checklistCells(summary: ChecklistSummary | null): unknown[] {
  if (!summary) return EXPORT_CHECKLIST_COLUMNS.map(() => null);
  return [summary.complete, summary.fee_awaiting, summary.transcripts_missing, summary.letters_missing, summary.documents_missing, summary.outstanding];
}

/** The CSV, line by line: UTF-8 with a byte-order mark (Excel reads it as UTF-8 then), CRLF line ends. */
export async function* csvExport(store: ExportStore, request: ExportRequest): AsyncGenerator<string> {
  yield `\uFEFF${csvLine([...EXPORT_META_COLUMNS, ...EXPORT_CHECKLIST_COLUMNS, ...request.columns])}`;
  for await (const row of submitted(store, request.range)) {
    const answers = maskSensitiveAnswers(row.answers);
    yield csvLine([row.account_id, row.username, new Date(Number(row.submitted_at)).toISOString(), ...checklistCells(summaryOfColumns(row)), ...request.columns.map((key) => answers[key])]);
  }
}

/** The JSON export: an array of ExportedApplication, written an application at a time. */
export async function* jsonExport(store: ExportStore, request: ExportRequest): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const row of submitted(store, request.range)) {
    const application: ExportedApplication = {
      application_id: row.account_id,
      email: row.username,
      submitted_at: new Date(Number(row.submitted_at)).toISOString(),
      answers: maskSensitiveAnswers(row.answers),
      checklist: summaryOfColumns(row),
    };
    yield `${first ? '' : ','}\n${JSON.stringify(application)}`;
    first = false;
  }
  yield '\n]\n';
}

/** The file in the zip that lists the applications whose PDF was not ready yet. */
export const NOT_READY_FILE = 'not-ready.txt';

/**
 * The application PDFs of the range as a zip, one stored file per application, each read only
 * when the previous one has gone out. A PDF not made yet for the application as submitted is
 * asked for (the worker makes it) and the application listed in not-ready.txt, to export again.
 */
export async function* pdfZipExport(store: ExportStore, pdfs: Pick<ApplicationPdfService, 'status' | 'applicationPdfFor'>, request: ExportRequest): AsyncGenerator<Buffer> {
  const zip = createZipWriter();
  const notReady: string[] = [];
  for await (const row of submitted(store, request.range)) {
    const { status } = await pdfs.status(row.account_id);
    const file = status === 'COMPLETED' ? await pdfs.applicationPdfFor(row.account_id) : null;
    if (file) yield zip.file(`${row.username.replace(/[^\w.@-]/g, '_')}-${row.account_id}.pdf`, file.bytes, new Date(Number(row.submitted_at)));
    else notReady.push(`${row.username}\t${row.account_id}`);
  }
  if (notReady.length > 0) {
    const text = ['The PDFs of these applications were still being prepared. Export again in a few minutes.', '', ...notReady, ''].join('\r\n');
    yield zip.file(NOT_READY_FILE, Buffer.from(text, 'utf8'), new Date());
  }
  yield zip.end();
}
