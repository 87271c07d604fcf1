import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../store/dialect';
import type { Database } from '../store/schema';
import type { LookupRecordsTable } from '../store/lookup-schema';

/** A record ready to store: its fields plus what search needs (built by backend/lookups/records.ts). */
export interface PreparedLookupRecord extends Omit<LookupRecordsTable, 'category' | 'id'> {
  /** The normal form of the label, for the exact and starts-with tiers of the ranking. */
  norm_name: string;
  /** Order within a tier, before the normal form: name length for schools, ZIP code for addresses. */
  sort_key: string;
  /** Distinct normalized words the record is found by. */
  words: string[];
}

export type StoredLookupRecord = Omit<LookupRecordsTable, 'category'>;

export interface LookupHit {
  id: number;
  text: string;
  sub_text: string;
}

/**
 * How a write treats what the category already holds: `seed` writes only into an empty category
 * (and says so when it did not), `replace` removes everything first, `merge` updates the records
 * whose code matches and adds the rest.
 */
export type LookupWriteMode = 'seed' | 'replace' | 'merge';

export interface LookupWriteResult {
  written: boolean;
  added: number;
  updated: number;
  removed: number;
  total: number;
}

/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const RECORD_ROWS_PER_INSERT = 2_000;
const TOKEN_ROWS_PER_INSERT = 5_000;
const CODES_PER_QUERY = 1_000;
const UNNEST_ROWS_PER_INSERT = 20_000;
/** A query word matching more index rows than this is a poor one to drive a search with. */
const SELECTIVITY_PROBE_ROWS = 2_000;

/** Rows read per result wanted before repeats of a record are dropped (see `search`). */
const SEARCH_ROWS_PER_RESULT = 4;

/** Past every character a normal form can hold; see backend/lookups/normalize.ts `prefixEnd`. */
const PREFIX_END = '\u{10FFFF}';

export function lookupStore(db: Kysely<Database>, dialect: Dialect) {
  return {
    async count(category: string): Promise<number> {
      const row = await db
        .selectFrom('lookup_records')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('category', '=', category)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async isEmpty(category: string): Promise<boolean> {
      const row = await db.selectFrom('lookup_records').select('id').where('category', '=', category).limit(1).executeTakeFirst();
      return row === undefined;
    },

    /** Writes a whole batch in one transaction: all of it or, on any error, none of it. */
    async write(
      category: string,
      records: readonly PreparedLookupRecord[],
      options: { mode: LookupWriteMode; source: string; now: number },
    ): Promise<LookupWriteResult> {
      const result = await db.transaction().execute(async (trx) => {
        // Written first, so that its row lock makes concurrent writers of the category (two
        // instances seeding at once, an import during a seed) wait for each other.
        const { next_id: firstId } = await trx
          .insertInto('lookup_categories')
          .values({ category, next_id: 1, source: options.source, updated_at: options.now })
          .onConflict((oc) => oc.column('category').doUpdateSet({ source: options.source, updated_at: options.now }))
          .returning('next_id')
          .executeTakeFirstOrThrow();

        const before = await countIn(trx, category);
        if (options.mode === 'seed' && before > 0) {
          return { written: false, added: 0, updated: 0, removed: 0, total: before };
        }
        let removed = 0;
        if (options.mode === 'replace') {
          await trx.deleteFrom('lookup_tokens').where('category', '=', category).execute();
          await trx.deleteFrom('lookup_records').where('category', '=', category).execute();
          removed = before;
        }

        const existing = options.mode === 'merge' ? await idsByCode(trx, category, records) : new Map<string, number>();
        let nextId = Number(firstId);
        const rows: LookupRecordsTable[] = [];
        const tokens: Database['lookup_tokens'][] = [];
        const updatedIds: number[] = [];
        for (const record of records) {
          const existingId = record.code ? existing.get(record.code) : undefined;
          const id = existingId ?? nextId++;
          if (existingId !== undefined) updatedIds.push(existingId);
          const { norm_name, sort_key, words, ...fields } = record;
          rows.push({ category, id, ...fields });
          const allWords = ` ${words.join(' ')}`;
          for (const token of words) tokens.push({ category, token, record_id: id, norm_name, sort_key, words: allWords });
        }

        for (const ids of chunks(updatedIds, CODES_PER_QUERY)) {
          await trx.deleteFrom('lookup_tokens').where('category', '=', category).where('record_id', 'in', ids).execute();
          await trx.deleteFrom('lookup_records').where('category', '=', category).where('id', 'in', ids).execute();
        }
        if (dialect === 'postgres') {
          await insertUnnested(trx, rows, tokens);
        } else {
          for (const batch of chunks(rows, RECORD_ROWS_PER_INSERT)) await trx.insertInto('lookup_records').values(batch).execute();
          for (const batch of chunks(tokens, TOKEN_ROWS_PER_INSERT)) await trx.insertInto('lookup_tokens').values(batch).execute();
        }
        await trx.updateTable('lookup_categories').set({ next_id: nextId }).where('category', '=', category).execute();

        return {
          written: true,
          added: records.length - updatedIds.length,
          updated: updatedIds.length,
          removed,
          total: before - removed + records.length - updatedIds.length,
        };
      });
      // Fresh statistics let the planner see the new table sizes, and a vacuumed table lets searches
      // read the covering primary key alone (migration 003). SQLite needs neither.
      if (result.written && dialect === 'postgres') await sql`vacuum analyze lookup_records, lookup_tokens`.execute(db);
      return result;
    },

    /**
     * The best `limit` records whose words begin with every one of `words` (normalized, see
     * backend/lookups/normalize.ts). Ranked in tiers: the label equal to `phrase` (the whole
     * normalized query), labels starting with it, labels starting with its first word ("univ
     * mary" puts "University of Maryland" before "Marymount University"), then the rest; by sort
     * key, then normal form, within each tier.
     */
    async search(category: string, words: readonly string[], phrase: string, limit: number): Promise<LookupHit[]> {
      if (words.length === 0 || limit < 1) return [];
      const driver = words.length === 1 ? words[0]! : await mostSelective(category, words);
      const firstWord = phrase.split(' ')[0]!;
      const startsWith = (prefix: string) => sql`t.norm_name >= ${prefix} and t.norm_name < ${prefix + PREFIX_END}`;
      const tier = sql<number>`case when t.norm_name = ${phrase} then 0 when ${startsWith(phrase)} then 1 when ${startsWith(firstWord)} then 2 else 3 end`;
      let matches = db
        .selectFrom('lookup_tokens as t')
        .select(['t.record_id', 't.sort_key', 't.norm_name', tier.as('tier')])
        .where('t.category', '=', category)
        .where('t.token', '>=', driver)
        .where('t.token', '<', driver + PREFIX_END);
      // The other words are checked on the row already in hand; normal forms hold no % or _.
      for (const word of words) {
        if (word !== driver) matches = matches.where('t.words', 'like', `% ${word}%`);
      }
      // A record appears once per word of it the driver begins ("univ" begins "universidad" and
      // "university"). Sorting every match to drop those repeats (DISTINCT) costs several times
      // the scan, so the top rows are read with room to spare and the repeats dropped here;
      // only when they leave too few is the query repeated with DISTINCT.
      const run = async (rows: number, distinct: boolean) => {
        const top = (distinct ? matches.distinct() : matches).orderBy('tier').orderBy('t.sort_key').orderBy('t.norm_name').orderBy('t.record_id').limit(rows);
        return db
          .selectFrom(top.as('m'))
          .innerJoin('lookup_records as r', (join) => join.on('r.category', '=', category).onRef('r.id', '=', 'm.record_id'))
          .select(['r.id', 'r.text', 'r.sub_text'])
          .orderBy('m.tier')
          .orderBy('m.sort_key')
          .orderBy('m.norm_name')
          .orderBy('m.record_id')
          .execute();
      };
      const spare = limit * SEARCH_ROWS_PER_RESULT;
      const rows = await run(spare, false);
      const hits = uniqueById(rows);
      if (hits.length >= limit || rows.length < spare) return hits.slice(0, limit);
      return uniqueById(await run(limit, true));
    },

    async find(category: string, id: number): Promise<StoredLookupRecord | undefined> {
      return db
        .selectFrom('lookup_records')
        .select(['id', 'code', 'name', 'address_line_1', 'city', 'state', 'zip', 'country', 'text', 'sub_text'])
        .where('category', '=', category)
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };

  /**
   * The query word with the fewest index rows (counted up to a cap, so a common word costs
   * little), to drive the range scan; the others are checked on its rows.
   */
  async function mostSelective(category: string, words: readonly string[]): Promise<string> {
    const counts = words.map(
      (word, index) =>
        sql`(select count(*) from (select 1 from lookup_tokens where category = ${category} and token >= ${word} and token < ${word + PREFIX_END} limit ${SELECTIVITY_PROBE_ROWS}) p) as ${sql.ref(`n${index}`)}`,
    );
    const { rows } = await sql<Record<string, number | string>>`select ${sql.join(counts)}`.execute(db);
    const row = rows[0]!;
    let best = 0;
    words.forEach((_, index) => {
      if (Number(row[`n${index}`]) < Number(row[`n${best}`])) best = index;
    });
    return words[best]!;
  }
}

async function countIn(trx: Transaction<Database>, category: string): Promise<number> {
  const row = await trx
    .selectFrom('lookup_records')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('category', '=', category)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function idsByCode(trx: Transaction<Database>, category: string, records: readonly PreparedLookupRecord[]): Promise<Map<string, number>> {
  const codes = [...new Set(records.map((record) => record.code).filter(Boolean))];
  const ids = new Map<string, number>();
  for (const batch of chunks(codes, CODES_PER_QUERY)) {
    const rows = await trx.selectFrom('lookup_records').select(['code', 'id']).where('category', '=', category).where('code', 'in', batch).execute();
    for (const row of rows) ids.set(row.code, Number(row.id));
  }
  return ids;
}

/**
 * PostgreSQL's fast path for bulk writes: one array parameter per column, turned back into rows
 * by unnest(), instead of a statement with tens of thousands of parameters to parse.
 */
async function insertUnnested(trx: Transaction<Database>, records: readonly LookupRecordsTable[], tokens: readonly Database['lookup_tokens'][]) {
  const column = <T, K extends keyof T>(rows: readonly T[], key: K) => rows.map((row) => row[key]);
  for (const batch of chunks(records, UNNEST_ROWS_PER_INSERT)) {
    await sql`insert into lookup_records (category, id, code, name, address_line_1, city, state, zip, country, text, sub_text)
      select * from unnest(${column(batch, 'category')}::text[], ${column(batch, 'id')}::int[], ${column(batch, 'code')}::text[],
        ${column(batch, 'name')}::text[], ${column(batch, 'address_line_1')}::text[], ${column(batch, 'city')}::text[],
        ${column(batch, 'state')}::text[], ${column(batch, 'zip')}::text[], ${column(batch, 'country')}::text[],
        ${column(batch, 'text')}::text[], ${column(batch, 'sub_text')}::text[])`.execute(trx);
  }
  for (const batch of chunks(tokens, UNNEST_ROWS_PER_INSERT)) {
    await sql`insert into lookup_tokens (category, token, record_id, norm_name, sort_key, words)
      select * from unnest(${column(batch, 'category')}::text[], ${column(batch, 'token')}::text[], ${column(batch, 'record_id')}::int[],
        ${column(batch, 'norm_name')}::text[], ${column(batch, 'sort_key')}::text[], ${column(batch, 'words')}::text[])`.execute(trx);
  }
}

function uniqueById<T extends { id: number }>(rows: readonly T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** The lookups part of the store, as the services that use it name it. */
export type LookupStore = ReturnType<typeof lookupStore>;
