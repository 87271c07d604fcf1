import { sql } from 'kysely';
import type { TestDatabase } from '../../../scripts/support/databases';

/** Every row of every table of the server's database, each as JSON text, by table (its own connection). */
export async function everyRow(database: TestDatabase): Promise<Record<string, string[]>> {
  const db = database.openDb({ poolSize: 1 });
  try {
    const tables =
      db.dialect === 'postgres'
        ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() order by 1`.execute(db.kysely)).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by 1`.execute(db.kysely)).rows;
    const contents: Record<string, string[]> = {};
    for (const { name } of tables) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db.kysely)).rows;
      contents[name] = rows.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).sort();
    }
    return contents;
  } finally {
    await db.close();
  }
}

/** The tables that have an `account_id` column. */
export async function tablesWithAccountId(database: TestDatabase): Promise<string[]> {
  const db = database.openDb({ poolSize: 1 });
  try {
    if (db.dialect === 'postgres') {
      const rows = (await sql<{ name: string }>`select table_name as name from information_schema.columns where table_schema = current_schema() and column_name = 'account_id' order by 1`.execute(db.kysely)).rows;
      return rows.map((row) => row.name);
    }
    const tables = (await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by 1`.execute(db.kysely)).rows;
    const found: string[] = [];
    for (const { name } of tables) {
      const columns = (await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db.kysely)).rows;
      if (columns.some((column) => column.name === 'account_id')) found.push(name);
    }
    return found;
  } finally {
    await db.close();
  }
}
