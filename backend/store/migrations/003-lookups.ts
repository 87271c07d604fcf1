import { sql, type ColumnDataType, type Expression, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Lookup data for GET /lookup/find: one row per school or address, and one row per distinct
 * word of it, so that a word-prefix search is an index range scan on (category, token) with the
 * same SQL on both dialects.
 *
 * Every text that is compared or ordered is binary-collated: SQLite's default BINARY, and
 * COLLATE "C" on PostgreSQL, so that `token >= 'univ' AND token < 'univ' || U+10FFFF` is a prefix
 * test and the order of results is the same on both stores.
 */
export function lookups(dialect: Dialect) {
  const binaryText: ColumnDataType | Expression<unknown> = dialect === 'postgres' ? sql`text collate "C"` : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // One row per category, written first by every import: its row lock serializes writers of
      // a category, it hands out record ids (never reused, so an id from an earlier search never
      // names another record after a replace) and it records where the data came from.
      await db.schema
        .createTable('lookup_categories')
        .addColumn('category', 'text', (c) => c.primaryKey())
        .addColumn('next_id', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('lookup_records')
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('id', 'integer', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address_line_1', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('zip', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('sub_text', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('lookup_records_pk', ['category', 'id'])
        .execute();
      await db.schema.createIndex('lookup_records_code').on('lookup_records').columns(['category', 'code']).execute();

      // A search reads only this table until it has its few results, so each token row carries
      // what ranking needs: the normalized name (exact and starts-with tiers), the sort key and all
      // words of the record (the other words of the query). On SQLite the rows live in the
      // primary-key b-tree itself (WITHOUT ROWID), so the range scan reads nothing else; on
      // PostgreSQL the primary key includes them.
      const tokens = db.schema
        .createTable('lookup_tokens')
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('token', binaryText, (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('norm_name', binaryText, (c) => c.notNull())
        .addColumn('sort_key', binaryText, (c) => c.notNull())
        .addColumn('words', binaryText, (c) => c.notNull());
      if (dialect === 'sqlite') {
        await tokens.addPrimaryKeyConstraint('lookup_tokens_pk', ['category', 'token', 'record_id']).modifyEnd(sql`without rowid`).execute();
      } else {
        // The key carries the other columns, so that a search is an index-only scan (once the
        // table is vacuumed, which every write does) instead of a visit to each matching row.
        await tokens.execute();
        await sql`alter table lookup_tokens add constraint lookup_tokens_pk primary key (category, token, record_id) include (norm_name, sort_key, words)`.execute(db);
      }
      await db.schema.createIndex('lookup_tokens_record').on('lookup_tokens').columns(['category', 'record_id']).execute();
    },
  };
}
