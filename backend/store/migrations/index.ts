import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../db';
import { accountsAndSessions } from './001-accounts-and-sessions';

/** Migrations in order; names are permanent once shipped. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '001-accounts-and-sessions': accountsAndSessions(dialect),
  };
  return { getMigrations: async () => migrations };
}
