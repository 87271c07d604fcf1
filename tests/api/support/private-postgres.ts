import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../scripts/support/backend-process';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary folder, a random loopback port),
 * which the test may stop and start as a restart or failover would, without touching the shared
 * server the other tests use. Debian's server binaries; as root, the cluster runs as `postgres`.
 */
export interface PrivatePostgres {
  /** The cluster's `postgres` database, as superuser (trust on loopback). */
  url: string;
  /** Fast shutdown: sessions are ended (57P01), new connections refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  destroy(): Promise<void>;
}

function serverBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((name) => fs.existsSync(path.join(root, name, 'bin/initdb'))) : [];
  if (versions.length === 0) throw new Error(`PostgreSQL's server binaries (initdb, pg_ctl) are not under ${root}: install postgresql.`);
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0]!;
  return path.join(root, newest, 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = serverBinaries();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout), Number((await run('id', ['-g', 'postgres'])).stdout));
  // initdb and the server refuse to run as root.
  const pg = (program: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]) : run(path.join(bin, program), args));
  await pg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', 'start']);
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: async () => {
      await pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
