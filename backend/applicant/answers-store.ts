import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { AnswerValue, Answers } from '../../common/api';
import type { Dialect } from '../store/dialect';
import { compileOnce } from '../store/compile-once';
import type { Database } from '../store/schema';

export interface AnswerChange {
  key: string;
  old: AnswerValue;
  new: AnswerValue;
}

const encode = (value: AnswerValue): string | null => (value === null ? null : JSON.stringify(value));

/**
 * An account's answers as one JSON object, aggregated by the database over the `answers` rows in
 * scope (each stored value, JSON text, embedded as JSON). SQLite answers it as text, PostgreSQL's
 * driver as the object; with no rows, SQLite answers '{}' and PostgreSQL null, made '{}'.
 */
export function answersObject(dialect: Dialect): RawBuilder<Answers | string> {
  return dialect === 'postgres'
    ? sql<Answers | string>`coalesce(json_object_agg(answers.answer_key, answers.value::json), '{}'::json)`
    : sql<Answers | string>`json_group_object(answers.answer_key, json(answers.value))`;
}

/**
 * Merges a patch inside the caller's transaction: a value is stored, null clears the key, absent
 * keys are untouched. Returns the changes actually made (a value saved again unchanged makes none).
 * Stores that change answers together with their own rows (conversions) call it in one transaction.
 */
export async function mergeAnswers(
  trx: Transaction<Database>,
  accountId: string,
  patch: Answers,
  changedBy: string,
  now: number,
): Promise<AnswerChange[]> {
  const keys = Object.keys(patch);
  if (keys.length === 0) return [];
  const rows = await trx
    .selectFrom('answers')
    .select(['answer_key', 'value'])
    .where('account_id', '=', accountId)
    .where('answer_key', 'in', keys)
    .execute();
  const existing = new Map(rows.map((row) => [row.answer_key, row.value]));
  const changes: AnswerChange[] = [];
  for (const key of keys) {
    const next = patch[key] ?? null;
    const before = existing.get(key) ?? null;
    if (before === encode(next)) continue;
    changes.push({ key, old: before === null ? null : (JSON.parse(before) as AnswerValue), new: next });
  }
  if (changes.length === 0) return [];
  // What changed, in one statement a table: the values stored, the keys cleared, the history.
  const stored = changes.filter((change) => change.new !== null);
  const cleared = changes.filter((change) => change.new === null).map((change) => change.key);
  if (cleared.length > 0) {
    await trx.deleteFrom('answers').where('account_id', '=', accountId).where('answer_key', 'in', cleared).execute();
  }
  if (stored.length > 0) {
    await trx
      .insertInto('answers')
      .values(stored.map((change) => ({ account_id: accountId, answer_key: change.key, value: encode(change.new)!, updated_at: now })))
      .onConflict((oc) =>
        oc.columns(['account_id', 'answer_key']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
      )
      .execute();
  }
  await trx
    .insertInto('answer_history')
    .values(
      changes.map((change) => ({
        account_id: accountId,
        answer_key: change.key,
        old_value: encode(change.old),
        new_value: encode(change.new),
        changed_by: changedBy,
        changed_at: now,
      })),
    )
    .execute();
  return changes;
}

/**
 * Answers are one row per key, so a save of some keys never touches the others, and every change
 * is written to the history in the same transaction.
 */
export function answerStore(db: Kysely<Database>, dialect: Dialect = 'sqlite') {
  // The answers as one JSON object, made by the database: one row and one parse instead of a row
  // and a parse per answer.
  const listQuery = compileOnce((accountId) =>
    db
      .selectFrom('answers')
      .select(answersObject(dialect).as('answers'))
      .where('answers.account_id', '=', accountId),
  );
  return {
    /**
     * Merges a patch: a value is stored, null clears the key, absent keys are untouched. Returns
     * the changes actually made (a value saved again unchanged makes none). With `refuseIfSubmitted`
     * the merge throws its error instead when the application is submitted, checked in the same
     * transaction with the account row locked against the submit's lock (PostgreSQL; SQLite
     * runs one write transaction at a time): a save is either in the submission or refused.
     */
    async merge(
      accountId: string,
      patch: Answers,
      changedBy: string,
      now: number,
      refuseIfSubmitted?: () => Error,
    ): Promise<AnswerChange[]> {
      const keys = Object.keys(patch);
      if (keys.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        // One merge per account at a time (PostgreSQL; SQLite runs one write transaction at a time):
        // concurrent saves of overlapping keys would otherwise deadlock on the answer rows and record
        // history from a stale read. The lock also conflicts with the submit's, as the check needs.
        // The check is a statement of its own, after the lock: a statement that waited for the lock
        // reads with the snapshot it started with, which misses a submission made meanwhile.
        if (dialect === 'postgres') await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().execute();
        if (refuseIfSubmitted) {
          const submitted = await trx.selectFrom('submissions').select('account_id').where('account_id', '=', accountId).executeTakeFirst();
          if (submitted) throw refuseIfSubmitted();
        }
        return mergeAnswers(trx, accountId, patch, changedBy, now);
      });
    },

    async list(accountId: string): Promise<Answers> {
      const [row] = (await db.executeQuery(listQuery(accountId))).rows;
      const answers = row?.answers ?? {};
      return typeof answers === 'string' ? (JSON.parse(answers) as Answers) : answers;
    },

    async history(accountId: string) {
      return db
        .selectFrom('answer_history')
        .select(['answer_key', 'old_value', 'new_value', 'changed_by', 'changed_at'])
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute();
    },

    async saveValidationErrors(accountId: string, errors: Record<string, string[]>, now: number): Promise<void> {
      const json = JSON.stringify(errors);
      await db
        .insertInto('validation_errors')
        .values({ account_id: accountId, errors: json, updated_at: now })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ errors: json, updated_at: now }))
        .execute();
    },

    async validationErrors(accountId: string): Promise<Record<string, string[]> | null> {
      const row = await db.selectFrom('validation_errors').select('errors').where('account_id', '=', accountId).executeTakeFirst();
      return row ? (JSON.parse(row.errors) as Record<string, string[]>) : null;
    },
  };
}

/** The answers part of the store, as the services that use it name it. */
export type AnswerStore = ReturnType<typeof answerStore>;
