import type { Kysely } from 'kysely';
import type { AnswerValue, Answers } from '../../common/api';
import { sensitiveKeys } from '../../common/form/model';
import { SEALED_PREFIX, type AnswerSealer } from '../security/sealed-answers';
import type { Database } from '../store/schema';

/** What one pass over a table did: values sealed anew (clear before), resealed with the current key, already current. */
export interface ResealCounts {
  sealed: number;
  resealed: number;
  current: number;
}

const none = (): ResealCounts => ({ sealed: 0, resealed: 0, current: 0 });

/** Where the sensitive answers lie at rest: the answers, their history and the submitted snapshots. */
export type SealedTable = 'answers' | 'answer_history' | 'submissions';

/** A stored JSON value of a sensitive key with a clear string in it: the pattern a sealed one does not match. */
const clearInJson = (key: string) => ({ any: `%"${key}":"%`, sealed: `%"${key}":"${SEALED_PREFIX}%` });

/**
 * The sealing's own reads and writes (docs/decisions.md, "Sensitive answers sealed"): how many
 * sensitive values are stored clear (the start refuses them in production), and the rotation's
 * batches, each value resealed with the current key unless it is already, written back only if
 * the row still holds what was read (a save meanwhile sealed it anew).
 */
export function sealingStore(db: Kysely<Database>, sealer: AnswerSealer) {
  const keys = [...sensitiveKeys];

  /** The value as it should be stored, or null when it already is (not a string, or sealed with the current key). */
  function resealed(accountId: string, answerKey: string, json: string | null, counts: ResealCounts): string | null {
    if (json === null) return null;
    const value = JSON.parse(json) as AnswerValue;
    if (typeof value !== 'string' || value === '') return null;
    if (!sealer.needsResealing(value)) {
      counts.current += 1;
      return null;
    }
    counts[value.startsWith(SEALED_PREFIX) ? 'resealed' : 'sealed'] += 1;
    return JSON.stringify(sealer.seal(accountId, answerKey, sealer.open(accountId, answerKey, value)));
  }

  return {
    /** Sensitive values stored clear (before sealing began), in the three places they lie. */
    async clearCount(): Promise<number> {
      if (keys.length === 0) return 0;
      const [answers, history, submissions] = await Promise.all([
        db.selectFrom('answers').select((eb) => eb.fn.countAll().as('n')).where('answer_key', 'in', keys).where('value', 'not like', `"${SEALED_PREFIX}%`).executeTakeFirstOrThrow(),
        db
          .selectFrom('answer_history')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('answer_key', 'in', keys)
          .where((eb) => eb.or([eb('old_value', 'not like', `"${SEALED_PREFIX}%`), eb('new_value', 'not like', `"${SEALED_PREFIX}%`)]))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('submissions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where((eb) => eb.or(keys.map((key) => eb.and([eb('answers', 'like', clearInJson(key).any), eb('answers', 'not like', clearInJson(key).sealed)]))))
          .executeTakeFirstOrThrow(),
      ]);
      return Number(answers.n) + Number(history.n) + Number(submissions.n);
    },

    /** One batch of the answers after `after` (account id, answer key), resealed; the cursor to go on from, null at the end. */
    async resealAnswers(after: [string, string] | null, limit: number, counts: ResealCounts = none()) {
      let query = db.selectFrom('answers').select(['account_id', 'answer_key', 'value']).where('answer_key', 'in', keys);
      if (after) query = query.where((eb) => eb.or([eb('account_id', '>', after[0]), eb.and([eb('account_id', '=', after[0]), eb('answer_key', '>', after[1])])]));
      const rows = await query.orderBy('account_id').orderBy('answer_key').limit(limit).execute();
      for (const row of rows) {
        const value = resealed(row.account_id, row.answer_key, row.value, counts);
        if (value !== null) await db.updateTable('answers').set({ value }).where('account_id', '=', row.account_id).where('answer_key', '=', row.answer_key).where('value', '=', row.value).execute();
      }
      const last = rows.at(-1);
      return { counts, next: rows.length < limit || !last ? null : ([last.account_id, last.answer_key] as [string, string]) };
    },

    /** One batch of the history rows after id `after`, each old and new value resealed. */
    async resealHistory(after: number, limit: number, counts: ResealCounts = none()) {
      const rows = await db.selectFrom('answer_history').select(['id', 'account_id', 'answer_key', 'old_value', 'new_value']).where('answer_key', 'in', keys).where('id', '>', after).orderBy('id').limit(limit).execute();
      for (const row of rows) {
        const old = resealed(row.account_id, row.answer_key, row.old_value, counts);
        const next = resealed(row.account_id, row.answer_key, row.new_value, counts);
        if (old !== null || next !== null) await db.updateTable('answer_history').set({ old_value: old ?? row.old_value, new_value: next ?? row.new_value }).where('id', '=', row.id).execute();
      }
      return { counts, next: rows.length < limit ? null : Number(rows.at(-1)!.id) };
    },

    /** One batch of the submitted snapshots after account `after`, their sensitive answers resealed. */
    async resealSubmissions(after: string, limit: number, counts: ResealCounts = none()) {
      const rows = await db.selectFrom('submissions').select(['account_id', 'answers']).where('account_id', '>', after).orderBy('account_id').limit(limit).execute();
      for (const row of rows) {
        const answers = JSON.parse(row.answers) as Answers;
        let changed = false;
        for (const key of keys) {
          const value = resealed(row.account_id, key, key in answers ? JSON.stringify(answers[key]) : null, counts);
          if (value !== null) {
            answers[key] = JSON.parse(value) as string;
            changed = true;
          }
        }
        if (changed) await db.updateTable('submissions').set({ answers: JSON.stringify(answers) }).where('account_id', '=', row.account_id).where('answers', '=', row.answers).execute();
      }
      return { counts, next: rows.length < limit ? null : rows.at(-1)!.account_id };
    },
  };
}

export type SealingStore = ReturnType<typeof sealingStore>;
