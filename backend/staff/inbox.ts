import { INBOX_PAGE_SIZES, inboxSorts, inboxStatuses, type InboxResponse, type InboxRow, type InboxSort, type InboxStatus } from '../../common/staff-api';
import type { Logger } from 'pino';
import { completenessFilters } from '../../common/checklist-api';
import { summaryOfColumns } from '../store/checklist-schema';
import { isCalendarDay } from '../../common/form/calendar-day';
import { roleKeys } from '../../common/form/answer-roles';
import { APPLICANT_NAME_KEYS, applicantName, applicantNameParts } from '../../common/form/applicant-name';
import { descKeyOf } from '../../common/form/model/define';
import { tenant } from '../../common/form/tenant';
import { replaceNonText } from '../../common/validation/text-characters';
import { MINUTE_MS, type Clock } from '../platform/clock';
import { isBackingServiceUnavailable } from '../http/backing-service-unavailable';
import { badRequest } from '../http/errors';
import { createLogger } from '../platform/log';
import type { InboxFilters, InboxListed, InboxRecord, InboxSource, StaffInboxStore } from './inbox-store';
import { foldForSearch } from './search-text';
import { startOfDayIn } from './time-zone-days';
import { isoTime } from '../../common/iso-time';

/** The answer keys an inbox row shows or searches, by the roles their questions declare. */
const SEARCHED_KEYS = [...APPLICANT_NAME_KEYS, roleKeys.email];
const CHOICE_KEYS = { program: roleKeys.program, campus: roleKeys.campus, term: roleKeys.term };
const ROW_KEYS = [...SEARCHED_KEYS, ...Object.values(CHOICE_KEYS).flatMap((key) => [key, descKeyOf(key)])];

/**
 * How far back each look for changes reaches past the previous one: a change is stamped when its
 * transaction starts and seen when it commits, and no transaction lasts this long (statements time
 * out at 30 s); per-account checks keep the overlap from rewriting rows that did not change.
 */
export const INBOX_LOOK_OVERLAP_MS = 2 * MINUTE_MS;
const REFRESH_BATCH = 500;
const MAX_SEARCH_LENGTH = 200;

export const inboxMessages = {
  badParameter: (name: string) => `The inbox cannot be filtered by this ${name}.`,
  badDay: (name: string) => `${name === 'from' ? 'From' : 'To'} must be a day written as YYYY-MM-DD.`,
} as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The row of one account, from its answers and records. */
export function inboxRecord(source: InboxSource, now: number): InboxRecord {
  const answers = source.answers;
  const { first, middle, last } = applicantNameParts(answers);
  const choice = (key: string) => ({ value: text(answers[key]), label: text(answers[descKeyOf(key)]) || text(answers[key]) });
  const program = choice(CHOICE_KEYS.program);
  const campus = choice(CHOICE_KEYS.campus);
  const term = choice(CHOICE_KEYS.term);
  const status: InboxStatus = source.submittedAt === null ? 'in_progress' : 'submitted';
  return {
    account_id: source.accountId,
    email: source.username,
    name: applicantName(answers),
    search_text: foldForSearch([...SEARCHED_KEYS.map((key) => text(answers[key])), source.username].join(' ')),
    sort_name: foldForSearch(`${last} ${first} ${middle}`),
    program: program.value,
    program_label: program.label,
    campus: campus.value,
    campus_label: campus.label,
    term: term.value,
    term_label: term.label,
    status,
    submitted_at: source.submittedAt,
    last_saved_at: source.lastSavedAt,
    documents: source.documents,
    history_id: source.historyId,
    refreshed_at: now,
  };
}

export function inboxRow(record: InboxListed): InboxRow {
  return {
    id: record.account_id,
    name: record.name,
    email: record.email,
    program: record.program_label,
    campus: record.campus_label,
    term: record.term_label,
    status: record.status,
    submitted_at: isoTime(record.submitted_at),
    last_saved_at: isoTime(record.last_saved_at),
    documents: Number(record.documents),
    // Null while in progress: a file has a summary from its submission on.
    checklist: summaryOfColumns(record),
  };
}

/** One query parameter: absent, or one string (a repeated parameter is refused). */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(inboxMessages.badParameter(name), { [name]: [inboxMessages.badParameter(name)] });
  return value;
}

function oneOf<T extends string>(query: Record<string, unknown>, name: string, allowed: readonly T[]): T | undefined {
  const value = single(query, name);
  if (value === undefined || value === '') return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw badRequest(inboxMessages.badParameter(name), { [name]: [inboxMessages.badParameter(name)] });
  return value as T;
}

function positive(query: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const value = single(query, name);
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > max) throw badRequest(inboxMessages.badParameter(name), { [name]: [inboxMessages.badParameter(name)] });
  return Number(value);
}

function day(query: Record<string, unknown>, name: 'from' | 'to'): number | undefined {
  const value = single(query, name);
  if (value === undefined || value === '') return undefined;
  if (!isCalendarDay(value)) throw badRequest(inboxMessages.badDay(name), { [name]: [inboxMessages.badDay(name)] });
  return startOfDayIn(tenant.time_zone, value, name === 'to' ? 1 : 0);
}

/** The inbox query (InboxQuery) read strictly: a value it does not know is a 400, never ignored. */
export function parseInboxQuery(query: Record<string, unknown>): InboxFilters & { page: number } {
  const search = single(query, 'q');
  if (search !== undefined && search.length > MAX_SEARCH_LENGTH) throw badRequest(inboxMessages.badParameter('q'), { q: [inboxMessages.badParameter('q')] });
  const filterValue = (name: string) => {
    const value = single(query, name);
    if (value === undefined || value === '') return undefined;
    if (value.length > MAX_SEARCH_LENGTH) badValue(name);
    return value;
  };
  const page = positive(query, 'page', 1, 100_000);
  const pageSize = positive(query, 'page_size', INBOX_PAGE_SIZES.default, INBOX_PAGE_SIZES.max);
  return {
    search: search ? foldForSearch(search) || undefined : undefined,
    status: oneOf(query, 'status', inboxStatuses),
    program: filterValue('program'),
    campus: filterValue('campus'),
    term: filterValue('term'),
    submittedFrom: day(query, 'from'),
    submittedBefore: day(query, 'to'),
    completeness: oneOf(query, 'completeness', completenessFilters),
    sort: oneOf<InboxSort>(query, 'sort', inboxSorts) ?? 'last_saved_at',
    order: oneOf(query, 'order', ['asc', 'desc'] as const) ?? 'desc',
    page,
    offset: (page - 1) * pageSize,
    limit: pageSize,
  };
}

function badValue(name: string): never {
  throw badRequest(inboxMessages.badParameter(name), { [name]: [inboxMessages.badParameter(name)] });
}

/** The row with each character that is not text shown as U+FFFD (common/validation/text-characters.ts). */
function withTextOnly(record: InboxRecord): InboxRecord {
  const shown = Object.entries(record).map(([column, value]) => [column, typeof value === 'string' ? replaceNonText(value) : value]);
  return Object.fromEntries(shown) as InboxRecord;
}

/**
 * The inbox: its rows brought up to date, then searched, filtered, sorted and paged in the store.
 * One application's row can never fail the whole inbox (issue 24): a row the database refuses (a
 * NUL saved before text was checked, which PostgreSQL text cannot hold) is logged and written with
 * its characters that are not text replaced, or, refused again, logged and left as it was.
 */
export function createInbox(store: { staffInbox: StaffInboxStore }, clock: Clock, logger: Pick<Logger, 'warn' | 'error'> = createLogger('silent')) {
  async function writeRow(record: InboxRecord): Promise<void> {
    try {
      await store.staffInbox.upsert([record]);
      return;
    } catch (error) {
      if (isBackingServiceUnavailable(error)) throw error;
      logger.warn({ err: error, accountId: record.account_id }, 'an inbox row was refused by the database; it is written with its characters that are not text replaced');
    }
    try {
      await store.staffInbox.upsert([withTextOnly(record)]);
    } catch (error) {
      if (isBackingServiceUnavailable(error)) throw error;
      logger.error({ err: error, accountId: record.account_id }, 'an inbox row could not be refreshed; the inbox answers without the change');
    }
  }

  /** The rows together, or when the batch is refused, each on its own. */
  async function write(records: InboxRecord[]): Promise<void> {
    try {
      await store.staffInbox.upsert(records);
    } catch (error) {
      if (isBackingServiceUnavailable(error)) throw error;
      for (const record of records) await writeRow(record);
    }
  }

  async function rewrite(accountIds: string[], now: number): Promise<void> {
    for (let start = 0; start < accountIds.length; start += REFRESH_BATCH) {
      const sources = await store.staffInbox.sources(accountIds.slice(start, start + REFRESH_BATCH), ROW_KEYS);
      await write(sources.map((source) => inboxRecord(source, now)));
    }
  }

  /** Rewrites the rows of the accounts that changed since the last look. */
  async function refresh(): Promise<void> {
    const now = clock();
    const lookedAt = await store.staffInbox.lookedAt();
    const since = lookedAt === null ? null : lookedAt - INBOX_LOOK_OVERLAP_MS;
    await rewrite(await store.staffInbox.changedSince(since), now);
    await store.staffInbox.setLookedAt(now);
  }

  return {
    refresh,

    async list(query: Record<string, unknown>): Promise<InboxResponse> {
      const filters = parseInboxQuery(query);
      await refresh();
      const { rows, total } = await store.staffInbox.page(filters);
      return { rows: rows.map(inboxRow), total, page: filters.page, page_size: filters.limit };
    },

    /** The row of one application, made now; null when there is no such account. */
    async row(accountId: string): Promise<InboxRow | null> {
      await rewrite([accountId], clock());
      const record = await store.staffInbox.find(accountId);
      return record ? inboxRow(record) : null;
    },
  };
}

export type Inbox = ReturnType<typeof createInbox>;
