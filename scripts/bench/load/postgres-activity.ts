// What PostgreSQL was doing during a load run: its sessions on the run's database, sampled each
// second from pg_stat_activity (running, or waiting, and on what), and the CPU time of its server
// processes (all databases: other users of the same server count too).
import fs from 'node:fs';
import pg from 'pg';
import { treeCpuMs } from './processes';

/** The postmaster's process id: the `postgres` process whose parent is not one. */
function postmasterPid(): number | null {
  const commOf = (pid: string) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, 'latin1').trim();
    } catch {
      return '';
    }
  };
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    if (commOf(pid) !== 'postgres') continue;
    const parent = fs.readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ')[1]!;
    if (commOf(parent) !== 'postgres') return Number(pid);
  }
  return null;
}

export interface PostgresActivity {
  /** What the sessions were doing, the mean number of sessions a sample in each state, most first; and PostgreSQL's CPU. */
  stop(wallMs: number): Promise<string>;
}

export async function samplePostgres(databaseUrl: string): Promise<PostgresActivity> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const postmaster = postmasterPid();
  const cpuBefore = postmaster ? treeCpuMs(postmaster) : 0;
  const counts = new Map<string, number>();
  let samples = 0;
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => {
      const { rows } = await client.query<{ what: string; sessions: string }>(
        `SELECT state || coalesce(' ' || wait_event_type || ':' || wait_event, '') AS what, count(*) AS sessions
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IS NOT NULL GROUP BY 1`,
      );
      samples += 1;
      for (const row of rows) counts.set(row.what, (counts.get(row.what) ?? 0) + Number(row.sessions));
    });
  }, 1_000);
  return {
    async stop(wallMs) {
      clearInterval(timer);
      await sampling;
      await client.end();
      const cpu = postmaster ? `${(((treeCpuMs(postmaster) - cpuBefore) / wallMs) * 100).toFixed(0)}% of a core` : 'not found';
      const states = [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([what, total]) => `${what} ${(total / Math.max(1, samples)).toFixed(1)}`);
      return `PostgreSQL: its processes ${cpu} (every database); the run's sessions a sample, by state (wait event): ${states.join(', ')}`;
    },
  };
}
