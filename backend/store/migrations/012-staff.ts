import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The admissions office (issue 19): staff accounts (a second kind of account, never an applicant),
 * their invitations, recovery codes and sessions, and the access log. Staff rows are deleted when
 * an account is removed; the access log names the staff member by e-mail as well as by id, has no
 * foreign keys, and refuses UPDATE and DELETE in the database itself, so it outlives both.
 */
export function staff(dialect: Dialect) {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('staff_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('role', 'text', (c) => c.notNull())
        // Null until the invitation is accepted (and again after a new invitation).
        .addColumn('password_hash', 'text')
        .addColumn('totp_secret', 'text')
        // The last TOTP time step accepted: a code is good once (no replay within its window).
        .addColumn('totp_last_step', 'bigint')
        .addColumn('second_factor_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enrolled_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('staff_invitations')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
        // The TOTP secret offered for enrolment; it becomes the account's when the invitation is used.
        .addColumn('totp_secret', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('staff_invitations_staff').on('staff_invitations').column('staff_id').execute();

      await db.schema
        .createTable('staff_recovery_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('staff_recovery_codes_staff').on('staff_recovery_codes').column('staff_id').execute();

      await db.schema
        .createTable('staff_sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();

      await db.schema
        .createTable('staff_access_log')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('at', 'bigint', (c) => c.notNull())
        // 'staff' (a staff session) or 'service-token' (a service link).
        .addColumn('actor_kind', 'text', (c) => c.notNull())
        .addColumn('staff_id', 'text')
        .addColumn('staff_email', 'text')
        // A service link: its stored hash (never the token) and who minted it.
        .addColumn('token_hash', 'text')
        .addColumn('token_created_by', 'text')
        // The application's account id; null for an action on no single application (an export).
        .addColumn('account_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('address', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('staff_access_log_staff').on('staff_access_log').columns(['staff_id', 'id']).execute();
      await db.schema.createIndex('staff_access_log_account').on('staff_access_log').columns(['account_id', 'id']).execute();

      if (dialect === 'postgres') {
        await sql`create function staff_access_log_append_only() returns trigger language plpgsql as $$
          begin raise exception 'the access log is append-only'; end $$`.execute(db);
        await sql`create trigger staff_access_log_no_change before update or delete on staff_access_log
          for each row execute function staff_access_log_append_only()`.execute(db);
        await sql`create trigger staff_access_log_no_truncate before truncate on staff_access_log
          for each statement execute function staff_access_log_append_only()`.execute(db);
      } else {
        await sql`create trigger staff_access_log_no_update before update on staff_access_log
          begin select raise(abort, 'the access log is append-only'); end`.execute(db);
        await sql`create trigger staff_access_log_no_delete before delete on staff_access_log
          begin select raise(abort, 'the access log is append-only'); end`.execute(db);
      }
    },
  };
}
