import type { Kysely } from 'kysely';
import { checklistDocumentAnswerKey, type ChecklistState, type ChecklistSummary } from '../../common/checklist-api';
import type { ChecklistRecordFact } from '../../common/checklist/checklist-of';
import { enqueueMail, type NewMail } from '../mail/mail-outbox-store';
import type { ChecklistRecordsTable, ChecklistSummariesTable } from '../store/checklist-schema';
import type { Database } from '../store/schema';

const SENT_PREFIX = checklistDocumentAnswerKey('');

const summaryRow = (accountId: string, summary: ChecklistSummary, now: number): Omit<ChecklistSummariesTable, 'receipt_at'> => ({
  account_id: accountId,
  complete: summary.complete ? 1 : 0,
  fee_awaiting: summary.fee_awaiting ? 1 : 0,
  transcripts_missing: summary.transcripts_missing,
  letters_missing: summary.letters_missing,
  documents_missing: summary.documents_missing,
  outstanding: summary.outstanding,
  updated_at: now,
});

/** The checklist's own tables (migration 017) and the documents sent after submission it reads. */
export function checklistStore(db: Kysely<Database>) {
  return {
    async records(accountId: string): Promise<ChecklistRecordFact[]> {
      const rows = await db.selectFrom('checklist_records').select(['item_id', 'state', 'recorded_at']).where('account_id', '=', accountId).execute();
      return rows.map((row) => ({ item_id: row.item_id, state: row.state as ChecklistState, recorded_at: Number(row.recorded_at) }));
    },

    /** Records an item's state as a staff member said it, replacing what was recorded before. */
    async record(row: ChecklistRecordsTable): Promise<void> {
      await db
        .insertInto('checklist_records')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['account_id', 'item_id']).doUpdateSet({ state: row.state, recorded_at: row.recorded_at, recorded_by_staff_id: row.recorded_by_staff_id, recorded_by_email: row.recorded_by_email }),
        )
        .execute();
    },

    /** The program documents sent after submission whose conversion completed (conversion answer_key `checklist:<key>`). */
    async documentsSent(accountId: string): Promise<{ key: string; at: number }[]> {
      const rows = await db
        .selectFrom('conversions')
        .select(['answer_key', 'updated_at'])
        .where('account_id', '=', accountId)
        .where('status', '=', 'COMPLETED')
        .where('answer_key', 'like', `${SENT_PREFIX}%`)
        .execute();
      return rows.map((row) => ({ key: row.answer_key.slice(SENT_PREFIX.length), at: Number(row.updated_at) }));
    },

    /** The file's summary row, if it has one. */
    async summaryOf(accountId: string): Promise<ChecklistSummariesTable | undefined> {
      return db.selectFrom('checklist_summaries').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    },

    /** Submitted files with no summary yet (submitted before migration 017), a bounded batch. */
    async withoutSummary(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('submissions as s')
        .leftJoin('checklist_summaries as c', 'c.account_id', 's.account_id')
        .select('s.account_id')
        .where('c.account_id', 'is', null)
        .limit(limit)
        .execute();
      return rows.map((row) => row.account_id);
    },

    /**
     * Writes the summary. With `receipt`, the mail is recorded in the same transaction unless one
     * was before (`receipt_at`), so a repeated submission never mails a second receipt; whether it was.
     */
    async writeSummary(accountId: string, summary: ChecklistSummary, now: number, receipt?: NewMail): Promise<{ receiptQueued: boolean }> {
      const { account_id: _id, ...columns } = summaryRow(accountId, summary, now);
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('checklist_summaries')
          .values({ account_id: accountId, ...columns, receipt_at: null })
          .onConflict((oc) => oc.column('account_id').doUpdateSet(columns))
          .execute();
        if (!receipt) return { receiptQueued: false };
        const marked = await trx.updateTable('checklist_summaries').set({ receipt_at: now }).where('account_id', '=', accountId).where('receipt_at', 'is', null).executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) return { receiptQueued: false };
        await enqueueMail(trx, receipt, now);
        return { receiptQueued: true };
      });
    },
  };
}

/** The checklist part of the store, as the services that use it name it. */
export type ChecklistStore = ReturnType<typeof checklistStore>;
