// The servers of a deadline run (issue 37 item 3), by BENCH_TOPOLOGY:
// - `one` (the default): one instance (ROLE=all) serves the applicants and converts, the local store;
// - `one-s3`: the same one instance, its files in an S3-compatible server (s3rver, a process of its own);
// - `split-s3`: a web instance (ROLE=web) serves the applicants and a worker instance (ROLE=worker)
//   converts, on one database and one S3 bucket, as docs/performance.md's deployment has them.
// The web instance is what the run times (saves, polls, its event loop); the worker, when there is
// one, is where the conversions' CPU is counted.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { BACKEND_FROM_SOURCE, createProcessStore, freePort, startBackendProcess, type BackendProcess, type ProcessStore } from '../../support/backend-process';
import type { TestDialect } from '../../support/databases';

export const TOPOLOGIES = ['one', 'one-s3', 'split-s3'] as const;
export type Topology = (typeof TOPOLOGIES)[number];

export function deadlineTopology(value: string | undefined): Topology {
  const topology = (value ?? 'one') as Topology;
  if (!TOPOLOGIES.includes(topology)) throw new Error(`BENCH_TOPOLOGY must be one of ${TOPOLOGIES.join(', ')}, not ${value}`);
  return topology;
}

export interface DeadlineServers {
  /** The instance the applicants call. */
  web: BackendProcess;
  /** The instance that converts, when it is not the web one. */
  worker: BackendProcess | null;
  store: ProcessStore;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const PRODUCTION = { NODE_ENV: 'production', LOG_LEVEL: 'info', TRUST_PROXY: 'true' };

/** s3rver in its own process; resolves with the backend's S3 settings and how to stop it. */
async function startS3Process(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/load/s3rver-process.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (first) => resolve(JSON.parse(first) as Record<string, string>));
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before it listened`)));
  });
  return {
    env,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Starts the topology's servers over a fresh store of `dialect`, runs `work`, then stops them and drops the store. */
export async function withDeadlineServers<T>(
  dialect: TestDialect,
  topology: Topology,
  env: NodeJS.ProcessEnv,
  webArgs: string[],
  work: (servers: DeadlineServers) => Promise<T>,
): Promise<T> {
  const store = await createProcessStore(dialect);
  const started: BackendProcess[] = [];
  let s3: Awaited<ReturnType<typeof startS3Process>> | null = null;
  try {
    s3 = topology === 'one' ? null : await startS3Process();
    const shared = { ...PRODUCTION, ...(s3?.env ?? {}), ...env };
    const web = await startBackendProcess(store, await freePort(), 30_000, { ...shared, ROLE: topology === 'split-s3' ? 'web' : 'all' }, webArgs);
    started.push(web);
    const worker = topology === 'split-s3' ? await startBackendProcess(store, await freePort(), 30_000, { ...shared, ROLE: 'worker' }, BACKEND_FROM_SOURCE) : null;
    if (worker) started.push(worker);
    try {
      return await work({ web, worker, store });
    } catch (error) {
      for (const server of started) console.error(server.stderr());
      throw error;
    }
  } finally {
    for (const server of started) await server.kill();
    await s3?.stop();
    await store.drop();
  }
}
