import { loadConfigOrReport } from './platform/config';
import { migrateToLatest, openDb, pendingMigrations } from './store/db';

/**
 * `npm run migrate`: applies the pending migrations to DATABASE_URL (or the embedded SQLite store
 * under DATA_DIR) and says which, then exits. A fleet runs it once per release, before instances
 * started with MIGRATE_ON_START=false; Kysely's migration lock keeps two runs from colliding.
 */
async function migrate(): Promise<void> {
  const config = loadConfigOrReport() ?? process.exit(2);
  const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const pending = await pendingMigrations(db);
    if (pending.length === 0) {
      console.log(`migrate: the ${db.dialect} database is up to date; nothing to apply.`);
      return;
    }
    const applied = await migrateToLatest(db);
    console.log(`migrate: applied ${applied.length} migration(s) to the ${db.dialect} database: ${applied.join(', ')}.`);
  } finally {
    await db.close();
  }
}

migrate().catch((error: unknown) => {
  console.error('migrate: failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
