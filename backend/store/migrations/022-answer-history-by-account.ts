import type { Kysely } from 'kysely';

/**
 * Every save writes its history rows, and each row went into an index of (account, question): the
 * rows of one save landed on as many of its pages as it changed questions, the costliest part of
 * a save on SQLite (docs/performance.md, "Issue 37 item 2"). Every read of the history asks by
 * account (an applicant's history in order, the inbox's newest change of each application) or by
 * time, never by question within an account: the index is by account alone, where a save's rows
 * follow one another.
 */
export const answerHistoryByAccount = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('answer_history_account').execute();
    await db.schema.createIndex('answer_history_account').on('answer_history').column('account_id').execute();
  },
};
