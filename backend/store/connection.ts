import { sql } from 'kysely';
import { pendingMigrations, type Db, type PoolUsage } from './db';

/**
 * What every store part shares: the database itself, as readiness, metrics and shutdown ask about
 * it. Its own type, below the features, so health and metrics need not name the whole store.
 */
export interface StoreConnection {
  dialect: Db['dialect'];
  /** Answers whether the database takes queries (readiness endpoint). */
  ping(): Promise<void>;
  /** Migrations this code knows that the database has not had (readiness: a fleet migrating separately). */
  pendingMigrations(): Promise<string[]>;
  /** The PostgreSQL pool's connections now; null for SQLite (metrics). */
  poolUsage(): PoolUsage | null;
  close(): Promise<void>;
}

/** The connection part of the store over an open database. */
export function storeConnection(db: Db): StoreConnection {
  return {
    dialect: db.dialect,
    async ping() {
      await sql`select 1`.execute(db.kysely);
    },
    pendingMigrations: () => pendingMigrations(db),
    poolUsage: () => db.poolUsage(),
    close: () => db.close(),
  };
}
