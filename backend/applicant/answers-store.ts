import { CompiledQuery, sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { AnswerValue, Answers } from '../../common/api';
import type { Dialect } from '../store/dialect';
import { compileOnce } from '../store/compile-once';
import type { Database } from '../store/schema';
import { isSensitiveKey } from '../../common/form/model';
import type { AnswerSealer } from '../security/sealed-answers';

export interface AnswerChange {
  key: string;
  old: AnswerValue;
  new: AnswerValue;
}

const encode = (value: AnswerValue): string | null => (value === null ? null : JSON.stringify(value));

/** How a change's values are stored: a sensitive one sealed for its applicant and question. */
type SealValue = (answerKey: string, value: AnswerValue) => AnswerValue;

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

/** A save's changes as the rows they write: keys cleared, values stored, and the history of every change. */
interface ChangeRows {
  cleared: readonly string[];
  stored: readonly [string, string | null][];
  history: readonly [string, string | null, string | null][];
}

/** The answer keys of the rows in scope as a JSON array (SQLite answers text, PostgreSQL the array; no rows, '[]'). */
function documentKeysArray(dialect: Dialect): RawBuilder<string[] | string> {
  return dialect === 'postgres' ? sql<string[] | string>`coalesce(json_agg(conversions.answer_key), '[]'::json)` : sql<string[] | string>`json_group_array(conversions.answer_key)`;
}

/**
 * The statements that write a save's rows, as texts with one placeholder a value (PostgreSQL's
 * `$n`, SQLite's `?`), for any number of rows. On PostgreSQL they are one statement (the delete
 * and the upsert as data-modifying CTEs of the history's insert: the keys cleared and stored are
 * never the same, so no row is changed twice): every statement is a round trip, and its socket
 * write was the largest single cost of a save on the server's thread (docs/performance.md, issue
 * 37). SQLite runs in the process, with no round trip, and has no data-modifying CTE: three.
 */
function changeStatements(dialect: Dialect, accountId: string, changedBy: string, now: number, { cleared, stored, history }: ChangeRows): CompiledQuery[] {
  /** One statement's text, from parts that take their placeholders through `at` in the order they are written. */
  const statement = (...parts: ((at: (value: unknown) => string) => string)[]) => {
    const parameters: unknown[] = [];
    const at = (value: unknown) => {
      parameters.push(value);
      return dialect === 'postgres' ? `$${parameters.length}` : '?';
    };
    return CompiledQuery.raw(parts.map((part) => part(at)).join(' '), parameters);
  };
  const rows = (at: (value: unknown) => string, values: readonly (readonly unknown[])[]) => values.map((row) => `(${row.map(at).join(', ')})`).join(', ');
  const clear = (at: (value: unknown) => string) => `delete from answers where account_id = ${at(accountId)} and answer_key in (${cleared.map(at).join(', ')})`;
  const store = (at: (value: unknown) => string) =>
    `insert into answers (account_id, answer_key, value, updated_at) values ${rows(at, stored.map(([key, value]) => [accountId, key, value, now]))} on conflict (account_id, answer_key) do update set value = excluded.value, updated_at = excluded.updated_at`;
  const record = (at: (value: unknown) => string) =>
    `insert into answer_history (account_id, answer_key, old_value, new_value, changed_by, changed_at) values ${rows(at, history.map(([key, old, value]) => [accountId, key, old, value, changedBy, now]))}`;
  if (dialect === 'postgres') {
    const steps = [...(cleared.length > 0 ? [['cleared', clear] as const] : []), ...(stored.length > 0 ? [['stored', store] as const] : [])];
    return [statement(...steps.map(([name, part], index) => (at: (value: unknown) => string) => `${index === 0 ? 'with' : ','} ${name} as (${part(at)})`), record)];
  }
  return [...(cleared.length > 0 ? [statement(clear)] : []), ...(stored.length > 0 ? [statement(store)] : []), statement(record)];
}

/**
 * Merges a patch inside the caller's transaction: a value is stored, null clears the key, absent
 * keys are untouched. Returns the changes actually made (a value saved again unchanged makes none).
 * Stores that change answers together with their own rows (conversions) call it in one transaction;
 * without `sealer`, only for keys that are not sensitive (a document's).
 */
export async function mergeAnswers(
  trx: Transaction<Database>,
  dialect: Dialect,
  accountId: string,
  patch: Answers,
  changedBy: string,
  now: number,
  sealer?: AnswerSealer,
): Promise<AnswerChange[]> {
  const keys = Object.keys(patch);
  if (keys.length === 0) return [];
  if (!sealer && keys.some(isSensitiveKey)) throw new Error('A sensitive answer is merged only with the store\'s sealer.');
  const rows = await trx
    .selectFrom('answers')
    .select(['answer_key', 'value'])
    .where('account_id', '=', accountId)
    .where('answer_key', 'in', keys)
    .execute();
  const stored: Answers = Object.fromEntries(rows.map((row) => [row.answer_key, JSON.parse(row.value) as AnswerValue]));
  const opened = sealer ? sealer.openAnswers(accountId, stored) : stored;
  return writeChanges(trx, dialect, accountId, patch, opened, changedBy, now, sealer ? (key, value) => sealer.sealValue(accountId, key, value) : (_key, value) => value);
}

/**
 * Writes what a patch changes against the answers as `stored` holds them (read in the same
 * transaction, after the account's lock, sensitive ones opened): the values stored, the keys
 * cleared, the history, each sensitive value sealed (`seal`) on its way to a row.
 */
async function writeChanges(
  trx: Transaction<Database>,
  dialect: Dialect,
  accountId: string,
  patch: Answers,
  stored: Answers,
  changedBy: string,
  now: number,
  seal: SealValue,
): Promise<AnswerChange[]> {
  const changes: AnswerChange[] = [];
  for (const key of Object.keys(patch)) {
    const next = patch[key] ?? null;
    const before = stored[key] ?? null;
    if (encode(before) === encode(next)) continue;
    changes.push({ key, old: before, new: next });
  }
  if (changes.length === 0) return [];
  // What changed: the keys cleared, the values stored, the history. The texts are written here,
  // not built by Kysely: they differ only in how many rows they carry, and building them cost a
  // save more than running them (docs/performance.md, issue 37).
  const row = (change: AnswerChange, value: AnswerValue) => encode(seal(change.key, value));
  const rows: ChangeRows = {
    cleared: changes.filter((change) => change.new === null).map((change) => change.key),
    stored: changes.filter((change) => change.new !== null).map((change) => [change.key, row(change, change.new)]),
    history: changes.map((change) => [change.key, row(change, change.old), row(change, change.new)]),
  };
  for (const statement of changeStatements(dialect, accountId, changedBy, now, rows)) await trx.executeQuery(statement);
  return changes;
}

/**
 * Answers are one row per key, so a save of some keys never touches the others, and every change
 * is written to the history in the same transaction.
 */
export function answerStore(db: Kysely<Database>, dialect: Dialect, sealer: AnswerSealer) {
  // The answers as one JSON object, made by the database: one row and one parse instead of a row
  // and a parse per answer.
  const listQuery = compileOnce((accountId) =>
    db
      .selectFrom('answers')
      .select(answersObject(dialect).as('answers'))
      .where('answers.account_id', '=', accountId),
  );
  // A save's two statements before it writes: the account's lock (PostgreSQL), then in one
  // statement whether the application is submitted, every answer stored and the questions that
  // have a document (which the save removes when their questions are hidden: no read after it).
  const lockQuery = compileOnce((accountId) => db.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate());
  const saveReadQuery = compileOnce((accountId) =>
    db
      .selectFrom('answers')
      .select((eb) => [
        answersObject(dialect).as('answers'),
        eb.exists(eb.selectFrom('submissions').select('submissions.account_id').where('submissions.account_id', '=', accountId)).as('submitted'),
        eb
          .selectFrom('conversions')
          .select(documentKeysArray(dialect).as('keys'))
          .where('conversions.account_id', '=', accountId)
          .as('documents'),
      ])
      .where('answers.account_id', '=', accountId),
  );
  /** The aggregated answers of an account, its sensitive ones opened. */
  const parseAnswers = (accountId: string, answers: Answers | string | undefined): Answers =>
    sealer.openAnswers(accountId, typeof answers === 'string' ? (JSON.parse(answers) as Answers) : (answers ?? {}));
  return {
    /**
     * An applicant's save in one transaction: the account locked against other saves and the
     * submit (PostgreSQL; SQLite runs one write transaction at a time), then one statement reads
     * whether the application is submitted (`refuseIfSubmitted`'s error is thrown then), every
     * stored answer and the questions with a document in any state; `decide` makes the patch from
     * those, and only what it changes is
     * written, with its history. No other read: the answers read are what the changes are
     * measured against. Returns the changes.
     */
    async save(
      accountId: string,
      changedBy: string,
      now: number,
      refuseIfSubmitted: () => Error,
      decide: (stored: Answers, documentKeys: readonly string[]) => Answers,
    ): Promise<AnswerChange[]> {
      return db.transaction().execute(async (trx) => {
        // After the lock, in a statement of its own (see merge): a submission made meanwhile is seen.
        if (dialect === 'postgres') await trx.executeQuery(lockQuery(accountId));
        const [row] = (await trx.executeQuery(saveReadQuery(accountId))).rows;
        if (row && (row.submitted === true || Number(row.submitted) === 1)) throw refuseIfSubmitted();
        const stored = parseAnswers(accountId, row?.answers);
        const documentKeys = typeof row?.documents === 'string' ? (JSON.parse(row.documents) as string[]) : (row?.documents ?? []);
        return writeChanges(trx, dialect, accountId, decide(stored, documentKeys), stored, changedBy, now, (key, value) => sealer.sealValue(accountId, key, value));
      });
    },

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
        return mergeAnswers(trx, dialect, accountId, patch, changedBy, now, sealer);
      });
    },

    async list(accountId: string): Promise<Answers> {
      const [row] = (await db.executeQuery(listQuery(accountId))).rows;
      return parseAnswers(accountId, row?.answers);
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
