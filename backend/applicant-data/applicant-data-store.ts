import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ApplicantPurgesTable, PurgeReason } from '../store/applicant-data-schema';
import { deletedCount } from '../store/deleted-count';
import type { Dialect } from '../store/dialect';
import type { RecommendationRequestsTable } from '../store/recommendation-schema';
import type { Database } from '../store/schema';
import type { ConversionRow } from '../conversions/conversions-store';
import { forgetMails } from '../mail/mail-outbox-store';

/**
 * Every table whose rows belong to one account by its `account_id`, deleted in this order (children
 * first, the account last). A test reads the database's own list of tables with that column, so a
 * new table cannot be left out; the access log and the purge records are kept (docs/decisions.md,
 * "An applicant's own data").
 */
export const ACCOUNT_TABLES = [
  'answer_history',
  'answers',
  'validation_errors',
  'tab_choices',
  'add_another_counts',
  'web_status_entries',
  'applications',
  'logins',
  'sessions',
  'confirmation_codes',
  'password_resets',
  'uploads',
  'conversions',
  'application_pdfs',
  'submissions',
  'service_tokens',
  'staff_inbox',
  'checklist_records',
  'checklist_summaries',
  'recommendation_requests',
  'deletion_requests',
  'draft_reminders',
] as const satisfies readonly (keyof Database)[];

/** Tables with an `account_id` that outlive the account: they name it by its random id only. */
export const KEPT_ACCOUNT_TABLES = ['staff_access_log', 'applicant_purges', 'data_expiry_jobs'] as const satisfies readonly (keyof Database)[];

export type PurgeCounts = Record<string, number>;

export interface PurgeRecord {
  /** Refuse (`'submitted'`) when the application has been submitted: the applicant's own deletion and a draft's expiry. */
  unsubmittedOnly: boolean;
  reason: PurgeReason;
  purgedBy: string;
  requestedAt: number | null;
  now: number;
}

export type LetterRequestRow = Pick<
  RecommendationRequestsTable,
  'recommender_name' | 'recommender_email' | 'relationship' | 'created_at' | 'invitations_sent' | 'last_sent_at' | 'opened_at' | 'received_at' | 'revoked_at'
>;

export interface DeletionRequestRow {
  account_id: string;
  username: string;
  name: string;
  requested_at: number;
  submitted_at: number | null;
}

/** `%` and `_` are wildcards of LIKE (and `\` its escape here): an address holding them matches only itself. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

async function deleteRows(trx: Transaction<Database>, accountId: string, username: string): Promise<PurgeCounts> {
  const counts: PurgeCounts = {};
  // The invitations' mails name the applicant: they go with the links that point to them.
  const requestIds = trx.selectFrom('recommendation_requests').select('id').where('account_id', '=', accountId);
  const linkMails = (await trx.selectFrom('recommendation_links').select('mail_id').where('request_id', 'in', requestIds).execute()).map((row) => row.mail_id);
  counts.recommendation_links = deletedCount(await trx.deleteFrom('recommendation_links').where('request_id', 'in', requestIds).executeTakeFirst());
  for (const table of ACCOUNT_TABLES) {
    counts[table] = deletedCount(await trx.deleteFrom(table).where('account_id', '=', accountId).executeTakeFirst());
  }
  counts.mail_outbox = await forgetMails(trx, username, linkMails);
  // Attempt counters keyed by the address (`login:account:<e-mail>`, `login:address-account:<ip>:<e-mail>`).
  counts.rate_limits = deletedCount(await trx.deleteFrom('rate_limits').where(sql<boolean>`bucket like ${`%:${likeLiteral(username)}`} escape '\\'`).executeTakeFirst());
  counts.accounts = deletedCount(await trx.deleteFrom('accounts').where('id', '=', accountId).executeTakeFirst());
  return counts;
}

/** The rows of an applicant's own data: their deletion in one transaction, the requests, the purge records. */
export function applicantDataStore(db: Kysely<Database>, dialect: Dialect) {
  return {
    /**
     * Deletes every row of the account and records the purge, in one transaction; null when there
     * is no such account (already deleted). The account row is locked first (PostgreSQL; SQLite
     * runs one write transaction at a time), as a submission locks it, so a Submit at the same
     * moment either comes first (then `'submitted'`) or finds no account. Objects are the caller's
     * to remove after the commit.
     */
    async purge(accountId: string, record: PurgeRecord): Promise<{ purgeId: string; counts: PurgeCounts } | 'submitted' | null> {
      return db.transaction().execute(async (trx) => {
        const lookup = trx.selectFrom('accounts').select('username').where('id', '=', accountId);
        const account = await (dialect === 'postgres' ? lookup.forUpdate() : lookup).executeTakeFirst();
        if (!account) return null;
        if (record.unsubmittedOnly && (await trx.selectFrom('submissions').select('account_id').where('account_id', '=', accountId).executeTakeFirst())) return 'submitted';
        const counts = await deleteRows(trx, accountId, account.username);
        const purgeId = randomUUID();
        await trx
          .insertInto('applicant_purges')
          .values({
            id: purgeId,
            account_id: accountId,
            reason: record.reason,
            purged_by: record.purgedBy,
            requested_at: record.requestedAt,
            purged_at: record.now,
            counts: JSON.stringify(counts),
            objects_cleared_at: null,
          })
          .execute();
        return { purgeId, counts };
      });
    },

    /**
     * Purges whose objects are to be removed (again): those not yet known removed (a crash or an
     * object store error after the commit), and, once `lateWritesMs` has passed since the purge,
     * those last cleared before then, for what an upload form or a conversion already under way
     * wrote after the deletion.
     */
    async objectsPending(limit: number, now: number, lateWritesMs: number): Promise<Pick<ApplicantPurgesTable, 'id' | 'account_id'>[]> {
      return db
        .selectFrom('applicant_purges')
        .select(['id', 'account_id'])
        .where((eb) =>
          eb.or([
            eb('objects_cleared_at', 'is', null),
            eb.and([eb('purged_at', '<=', now - lateWritesMs), eb('objects_cleared_at', '<', eb('purged_at', '+', lateWritesMs))]),
          ]),
        )
        .orderBy('purged_at')
        .limit(limit)
        .execute();
    },

    async objectsCleared(purgeId: string, objects: number, now: number): Promise<void> {
      const row = await db.selectFrom('applicant_purges').select('counts').where('id', '=', purgeId).executeTakeFirst();
      if (!row) return;
      const counts = { ...(JSON.parse(row.counts) as PurgeCounts), objects };
      await db.updateTable('applicant_purges').set({ objects_cleared_at: now, counts: JSON.stringify(counts) }).where('id', '=', purgeId).execute();
    },

    async purges(accountId: string): Promise<ApplicantPurgesTable[]> {
      const rows = await db.selectFrom('applicant_purges').selectAll().where('account_id', '=', accountId).orderBy('purged_at').execute();
      return rows.map((row) => ({ ...row, purged_at: Number(row.purged_at), requested_at: row.requested_at === null ? null : Number(row.requested_at), objects_cleared_at: row.objects_cleared_at === null ? null : Number(row.objects_cleared_at) }));
    },

    /** The applicant's documents, every conversion of the account (uploads, program documents sent later, letters: the caller picks). */
    async documents(accountId: string): Promise<ConversionRow[]> {
      return db.selectFrom('conversions').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('answer_key').execute();
    },

    /** Every letter request of the applicant, withdrawn ones too; never a letter's text (it is not selected). */
    async letterRequests(accountId: string): Promise<LetterRequestRow[]> {
      return db
        .selectFrom('recommendation_requests')
        .select(['recommender_name', 'recommender_email', 'relationship', 'created_at', 'invitations_sent', 'last_sent_at', 'opened_at', 'received_at', 'revoked_at'])
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** Records the request once: a repeat keeps the first time. */
    async request(accountId: string, now: number): Promise<number> {
      await db.insertInto('deletion_requests').values({ account_id: accountId, requested_at: now }).onConflict((oc) => oc.column('account_id').doNothing()).execute();
      const row = await db.selectFrom('deletion_requests').select('requested_at').where('account_id', '=', accountId).executeTakeFirstOrThrow();
      return Number(row.requested_at);
    },

    async findRequest(accountId: string): Promise<number | null> {
      const row = await db.selectFrom('deletion_requests').select('requested_at').where('account_id', '=', accountId).executeTakeFirst();
      return row ? Number(row.requested_at) : null;
    },

    /** Every waiting request, oldest first, with who asked (the inbox's name, when it has the row). */
    async requests(): Promise<DeletionRequestRow[]> {
      const rows = await db
        .selectFrom('deletion_requests as d')
        .innerJoin('accounts as a', 'a.id', 'd.account_id')
        .leftJoin('staff_inbox as i', 'i.account_id', 'd.account_id')
        .leftJoin('submissions as s', 's.account_id', 'd.account_id')
        .select(['d.account_id', 'a.username', 'i.name', 'd.requested_at', 's.submitted_at'])
        .orderBy('d.requested_at')
        .orderBy('d.account_id')
        .execute();
      return rows.map((row) => ({ ...row, name: row.name ?? '', requested_at: Number(row.requested_at), submitted_at: row.submitted_at === null ? null : Number(row.submitted_at) }));
    },
  };
}

export type ApplicantDataStore = ReturnType<typeof applicantDataStore>;
