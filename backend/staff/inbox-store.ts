import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { CompletenessFilter } from '../../common/checklist-api';
import type { InboxSort, InboxStatus } from '../../common/staff-api';
import { CHECKLIST_SUMMARY_COLUMNS as SUMMARY_COLUMNS, type SummaryColumns } from '../store/checklist-schema';
import type { Dialect } from '../store/dialect';
import type { Database } from '../store/schema';
import type { StaffInboxTable } from '../store/staff-schema';

export type InboxRecord = StaffInboxTable;

/** A row as the inbox lists it: the record and its file's checklist summary (null columns while in progress). */
export type InboxListed = InboxRecord & SummaryColumns;

/** What an inbox row is made from, per account. */
export interface InboxSource {
  accountId: string;
  username: string;
  /** The decoded answers of the keys asked for. */
  answers: Record<string, unknown>;
  lastSavedAt: number | null;
  historyId: number;
  submittedAt: number | null;
  documents: number;
}

export interface InboxFilters {
  /** Already folded (backend/staff/search-text.ts). */
  search?: string;
  status?: InboxStatus;
  program?: string;
  campus?: string;
  term?: string;
  submittedFrom?: number;
  submittedBefore?: number;
  completeness?: CompletenessFilter;
  sort: InboxSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** Each sort's value, and whether it is text (ordered by code point on both databases). */
const SORT_COLUMNS: Record<InboxSort, { value: RawBuilder<unknown>; text: boolean }> = {
  name: { value: sql.ref('sort_name'), text: true },
  email: { value: sql.ref('email'), text: true },
  program: { value: sql.ref('program_label'), text: true },
  campus: { value: sql.ref('campus_label'), text: true },
  term: { value: sql.ref('term'), text: true },
  status: { value: sql.ref('status'), text: true },
  submitted_at: { value: sql.ref('submitted_at'), text: false },
  last_saved_at: { value: sql.ref('last_saved_at'), text: false },
  // The file's summary (migration 017), read for the rows the filters keep: none while in progress.
  outstanding: { value: sql`(select c.outstanding from checklist_summaries as c where c.account_id = staff_inbox.account_id)`, text: false },
};

/** A row's summary columns while its file has none. */
const NO_SUMMARY: SummaryColumns = { complete: null, fee_awaiting: null, transcripts_missing: null, letters_missing: null, documents_missing: null, outstanding: null };

/** The summary column each completeness filter reads (migration 017), and what it must hold. */
const COMPLETENESS: Record<CompletenessFilter, { column: 'complete' | 'fee_awaiting' | 'transcripts_missing' | 'letters_missing' | 'documents_missing'; test: '=' | '>' }> = {
  complete: { column: 'complete', test: '=' },
  fee_awaiting: { column: 'fee_awaiting', test: '=' },
  transcripts_missing: { column: 'transcripts_missing', test: '>' },
  letters_missing: { column: 'letters_missing', test: '>' },
  documents_missing: { column: 'documents_missing', test: '>' },
};

const STATE_ID = 1;

/** `%` and `_` typed in a search are letters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The inbox's rows (migration 013): read by the inbox pages, rewritten for the accounts that changed. */
export function staffInboxStore(db: Kysely<Database>, dialect: Dialect) {
  /** The rows with their files' checklist summaries, read by primary key for the rows of a page only. */
  async function withSummaries(records: InboxRecord[]): Promise<InboxListed[]> {
    const ids = records.map((record) => record.account_id);
    const summaries = ids.length === 0 ? [] : await db.selectFrom('checklist_summaries as c').select(['c.account_id', ...SUMMARY_COLUMNS]).where('c.account_id', 'in', ids).execute();
    const byAccount = new Map(summaries.map(({ account_id, ...columns }) => [account_id, columns]));
    return records.map((record) => ({ ...record, ...(byAccount.get(record.account_id) ?? NO_SUMMARY) }));
  }

  return {
    async lookedAt(): Promise<number | null> {
      const row = await db.selectFrom('staff_inbox_state').select('looked_at').where('id', '=', STATE_ID).executeTakeFirst();
      return row?.looked_at ?? null;
    },

    async setLookedAt(at: number): Promise<void> {
      await db
        .insertInto('staff_inbox_state')
        .values({ id: STATE_ID, looked_at: at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ looked_at: at }))
        .execute();
    },

    /**
     * Accounts whose row is missing or older than what changed since `since`: a newer answer history
     * entry, a submission the row does not show, a conversion after the row was made, a new account.
     * Each source is asked on its own index and the rows compared here, so no query planner can
     * turn the check into a scan of every row of the inbox. `null`: there was no look before.
     */
    async changedSince(since: number | null): Promise<string[]> {
      // The first look: every account (without reading every history row to find them).
      if (since === null) return (await db.selectFrom('accounts').select('id').execute()).map((row) => row.id);
      // Plain range reads on the time indexes, grouped here: with a GROUP BY, SQLite prefers the
      // account index for the grouping and reads every row of the table instead.
      const newest = (rows: { account_id: string; value: number | string }[]) => {
        const byAccount = new Map<string, number>();
        for (const row of rows) byAccount.set(row.account_id, Math.max(byAccount.get(row.account_id) ?? -Infinity, Number(row.value)));
        return [...byAccount].map(([account_id, value]) => ({ account_id, value }));
      };
      const history = newest(await db.selectFrom('answer_history').select(['account_id', 'id as value']).where('changed_at', '>', since).execute());
      const submitted = await db.selectFrom('submissions').select('account_id').where('submitted_at', '>', since).execute();
      const converted = newest(await db.selectFrom('conversions').select(['account_id', 'updated_at as value']).where('updated_at', '>', since).execute());
      const created = await db.selectFrom('accounts').select('id').where('created_at', '>', since).execute();
      const candidates = [...new Set([...history.map((row) => row.account_id), ...submitted.map((row) => row.account_id), ...converted.map((row) => row.account_id), ...created.map((row) => row.id)])];
      const rows = new Map<string, { history_id: number; submitted_at: number | null; refreshed_at: number }>();
      for (let start = 0; start < candidates.length; start += 500) {
        const batch = await db
          .selectFrom('staff_inbox')
          .select(['account_id', 'history_id', 'submitted_at', 'refreshed_at'])
          .where('account_id', 'in', candidates.slice(start, start + 500))
          .execute();
        for (const row of batch) rows.set(row.account_id, row);
      }
      const stale = new Set<string>();
      for (const id of candidates) if (!rows.has(id)) stale.add(id);
      for (const row of history) if (row.value > Number(rows.get(row.account_id)?.history_id ?? -1)) stale.add(row.account_id);
      for (const row of submitted) if (rows.get(row.account_id)?.submitted_at == null) stale.add(row.account_id);
      for (const row of converted) if (row.value >= Number(rows.get(row.account_id)?.refreshed_at ?? Number.POSITIVE_INFINITY)) stale.add(row.account_id);
      return [...stale];
    },

    /** What the rows of these accounts are made from; accounts that no longer exist are left out. */
    async sources(accountIds: string[], answerKeys: readonly string[]): Promise<InboxSource[]> {
      if (accountIds.length === 0) return [];
      const [accounts, answers, saved, history, submissions, documents] = await Promise.all([
        db.selectFrom('accounts').select(['id', 'username']).where('id', 'in', accountIds).execute(),
        db.selectFrom('answers').select(['account_id', 'answer_key', 'value']).where('account_id', 'in', accountIds).where('answer_key', 'in', [...answerKeys]).execute(),
        db.selectFrom('answers').select(['account_id', (eb) => eb.fn.max('updated_at').as('at')]).where('account_id', 'in', accountIds).groupBy('account_id').execute(),
        db.selectFrom('answer_history').select(['account_id', (eb) => eb.fn.max('id').as('id')]).where('account_id', 'in', accountIds).groupBy('account_id').execute(),
        db.selectFrom('submissions').select(['account_id', 'submitted_at']).where('account_id', 'in', accountIds).execute(),
        db
          .selectFrom('conversions')
          .select(['account_id', (eb) => eb.fn.countAll<number>().as('count')])
          .where('account_id', 'in', accountIds)
          .where('status', '=', 'COMPLETED')
          .groupBy('account_id')
          .execute(),
      ]);
      const byAccount = <T extends { account_id: string }>(rows: T[]) => new Map(rows.map((row) => [row.account_id, row]));
      const savedOf = byAccount(saved);
      const historyOf = byAccount(history);
      const submittedOf = byAccount(submissions);
      const documentsOf = byAccount(documents);
      const answersOf = new Map<string, Record<string, unknown>>();
      for (const row of answers) {
        const mine = answersOf.get(row.account_id) ?? {};
        mine[row.answer_key] = JSON.parse(row.value) as unknown;
        answersOf.set(row.account_id, mine);
      }
      return accounts.map((account) => ({
        accountId: account.id,
        username: account.username,
        answers: answersOf.get(account.id) ?? {},
        lastSavedAt: savedOf.get(account.id)?.at == null ? null : Number(savedOf.get(account.id)!.at),
        historyId: Number(historyOf.get(account.id)?.id ?? 0),
        submittedAt: submittedOf.get(account.id)?.submitted_at ?? null,
        documents: Number(documentsOf.get(account.id)?.count ?? 0),
      }));
    },

    async upsert(rows: InboxRecord[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('staff_inbox')
        .values(rows)
        .onConflict((oc) =>
          oc.column('account_id').doUpdateSet((eb) => {
            const columns = Object.keys(rows[0]!).filter((column) => column !== 'account_id') as (keyof InboxRecord)[];
            return Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}`)]));
          }),
        )
        .execute();
    },

    async find(accountId: string): Promise<InboxListed | undefined> {
      const record = await db.selectFrom('staff_inbox').selectAll().where('account_id', '=', accountId).executeTakeFirst();
      return record && (await withSummaries([record]))[0];
    },

    /** One page of the rows the filters keep, in the order asked (ties by account id), and how many they keep in all. */
    async page(filters: InboxFilters): Promise<{ rows: InboxListed[]; total: number }> {
      let query = db.selectFrom('staff_inbox');
      if (filters.search) query = query.where(sql<boolean>`search_text like ${likePattern(filters.search)} escape '\\'`);
      if (filters.status) query = query.where('status', '=', filters.status);
      if (filters.program !== undefined) query = query.where('program', '=', filters.program);
      if (filters.campus !== undefined) query = query.where('campus', '=', filters.campus);
      if (filters.term !== undefined) query = query.where('term', '=', filters.term);
      if (filters.submittedFrom !== undefined) query = query.where('submitted_at', '>=', filters.submittedFrom);
      if (filters.submittedBefore !== undefined) query = query.where('submitted_at', '<', filters.submittedBefore);
      if (filters.completeness) {
        const { column, test } = COMPLETENESS[filters.completeness];
        query = query.where('account_id', 'in', db.selectFrom('checklist_summaries').select('account_id').where(column, test, test === '=' ? 1 : 0));
      }
      const sort = SORT_COLUMNS[filters.sort];
      // One order on both databases: empty values last whichever way, text by code point.
      const ordered = sort.value;
      const byText = dialect === 'postgres' && sort.text ? sql`${ordered} collate "C"` : ordered;
      const [records, count] = await Promise.all([
        query
          .selectAll()
          .orderBy(sql`case when ${ordered} is null then 1 else 0 end`)
          .orderBy(byText, filters.order)
          .orderBy('account_id', filters.order)
          .limit(filters.limit)
          .offset(filters.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows: await withSummaries(records), total: Number(count.count) };
    },
  };
}

/** The inbox part of the store, as the services that use it name it. */
export type StaffInboxStore = ReturnType<typeof staffInboxStore>;
