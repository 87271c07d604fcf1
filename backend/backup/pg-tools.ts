import { spawn } from 'node:child_process';
import type { PgPrograms } from '../platform/config';
import { BackupError } from './manifest';

/** The Debian package of PostgreSQL's client programs (scripts/debian-test-packages.txt lists it for the tests). */
export const PG_CLIENT_PACKAGE = 'postgresql-client';

/** pg_dump or pg_restore as the configuration found them on PATH, or an error that names the package to install. */
export function pgProgram(programs: PgPrograms, name: 'pg_dump' | 'pg_restore'): string {
  const program = name === 'pg_dump' ? programs.pgDump : programs.pgRestore;
  if (!program) {
    throw new BackupError(`${name} is not installed (not on PATH): install Debian's ${PG_CLIENT_PACKAGE} (apt-get install ${PG_CLIENT_PACKAGE}), of the server's major version or later.`);
  }
  return program;
}

/**
 * The database URL without its password, and the password for PGPASSWORD: a password in the
 * arguments would show in every user's process list.
 */
export function libpqConnection(databaseUrl: string): { url: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/**
 * Runs a PostgreSQL client program to its end; a failure carries what it wrote on stderr. Its
 * environment is only what it needs: the connection comes whole from the arguments (TLS settings
 * travel in the URL, as sslmode=require).
 */
export function runPgProgram(program: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', PGCONNECT_TIMEOUT: '10', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 10_000) stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${program} failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`));
    });
  });
}
