// Where the backend's time goes on the profile GET and the save (issue 18, item 3): the real entry
// point (`backend/main.ts`, production settings) under V8's sampling profiler (`--cpu-prof`),
// loaded by autocannon as the load benchmark's throughput runs load it, as fast as it answers.
// Only the samples taken while a run was going count (the profile's clock is the monotonic clock
// this process reads too), so the sign-ups before do not. Prints, per run, the requests a second
// and the main thread's time by where it was spent, and leaves the .cpuprofile files (Chromium's
// DevTools opens them) in BENCH_PROFILE_DIR.
//
// `node --import tsx scripts/bench/server-profile.ts`; settings: BENCH_APPLICANTS (50),
// BENCH_THROUGHPUT_SECONDS (10), BENCH_STORE (sqlite or postgres), BENCH_PROFILE_DIR (a new
// temporary folder).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BACKEND_FROM_SOURCE, createProcessStore, freePort, startBackendProcess } from '../support/backend-process';
import type { TestDialect } from '../support/databases';
import { createApplicants, type Activity, type StepTimings } from './load/applicants';

const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 50);
const SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 10);
const STORE: TestDialect = process.env.BENCH_STORE === 'postgres' ? 'postgres' : 'sqlite';
const repoRoot = path.resolve(import.meta.dirname, '../..');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, our own folder, Node's internals or V8's own entries. */
function placeOf({ functionName, url }: ProfileNode['callFrame']): string {
  if (!url) return `(${functionName.replace(/[()]/g, '') || 'native'})`;
  if (url.startsWith('node:')) return 'node internals';
  const file = url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1]!;
  const own = path.relative(repoRoot, file);
  return own.startsWith('..') ? file : own.split('/').slice(0, 2).join('/');
}

interface Window {
  label: string;
  fromUs: number;
  toUs: number;
}

/** Self time by place and by function, and inclusive time of our own functions, inside the window. */
function summarize(profile: CpuProfile, window: Window): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfByPlace = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let at = profile.startTime;
  let total = 0;
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  for (let index = 0; index < profile.samples.length; index += 1) {
    at += profile.timeDeltas[index]!;
    const us = profile.timeDeltas[index + 1] ?? 0;
    if (at < window.fromUs || at > window.toUs) continue;
    const node = byId.get(profile.samples[index]!)!;
    total += us;
    const frame = node.callFrame;
    add(selfByPlace, placeOf(frame), us);
    add(selfByFunction, `${frame.functionName || '(anonymous)'} ${placeOf(frame)}:${frame.lineNumber + 1}`, us);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const { callFrame } = byId.get(id)!;
      const place = placeOf(callFrame);
      if (!/^(backend|common)\//.test(place)) continue;
      const name = `${callFrame.functionName || '(anonymous)'} ${place}:${callFrame.lineNumber + 1}`;
      if (!seen.has(name)) add(inclusive, name, us);
      seen.add(name);
    }
  }
  const idle = selfByPlace.get('(idle)') ?? 0;
  const busy = total - idle;
  const share = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms`;
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .filter(([key]) => key !== '(idle)' && !key.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, us]) => `    ${share(us)}  ${key}`)
      .join('\n');
  return [
    `  main thread: ${(busy / 1000).toFixed(0)} ms busy of ${(total / 1000).toFixed(0)} ms sampled (${((100 * busy) / Math.max(total, 1)).toFixed(0)} %)`,
    '  self time by place (share of the busy time):',
    top(selfByPlace, 16),
    '  self time by function:',
    top(selfByFunction, 25),
    '  inclusive time of our own functions (backend/, common/):',
    top(inclusive, 30),
  ].join('\n');
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** A process's CPU time so far (user and system, ms), from /proc (USER_HZ 100). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function runServerProfile(): Promise<void> {
  const dir = process.env.BENCH_PROFILE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-server-profile-'));
  fs.mkdirSync(dir, { recursive: true });
  const before = new Set(fs.readdirSync(dir));
  console.log(`${APPLICANTS} applicants, ${SECONDS} s per run, ${STORE} store; profiles in ${dir}`);
  const store = await createProcessStore(STORE);
  const backend = await startBackendProcess(store, await freePort(), 30_000, { NODE_ENV: 'production', LOG_LEVEL: 'info', TRUST_PROXY: 'true' }, [
    '--cpu-prof',
    '--cpu-prof-dir',
    dir,
    ...BACKEND_FROM_SOURCE,
  ]);
  const windows: Window[] = [];
  try {
    const timings: StepTimings = new Map();
    const applicants = await createApplicants(backend.baseUrl, store.dataDir, APPLICANTS, timings);
    // The throughput runs' applicants are logged in: log each in through its own connection first.
    const { arrivals } = await import('./load/applicants');
    await autocannon({ url: backend.baseUrl, connections: 1, amount: APPLICANTS, setupClient: arrivals(applicants) });
    for (const [label, activity] of [
      ['profile, as fast as answered', 'profile'],
      ['save, as fast as answered', 'saving'],
    ] as [string, Activity][]) {
      for (const applicant of applicants) {
        applicant.settle();
        applicant.activity = activity;
      }
      let next = 0;
      const fromUs = nowUs();
      const cpuBefore = cpuMs(backend.child.pid!);
      const result = await autocannon({
        url: backend.baseUrl,
        connections: APPLICANTS,
        duration: SECONDS,
        setupClient: (client) => client.setRequests(applicants[next++ % applicants.length]!.requests()),
      });
      const cpuPerRequest = ((cpuMs(backend.child.pid!) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
      windows.push({
        label: `${label}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, errors ${result.errors + result.timeouts + result.non2xx}, server CPU ${cpuPerRequest.toFixed(0)} µs a request (load average ${os.loadavg()[0]!.toFixed(1)})`,
        fromUs,
        toUs: nowUs(),
      });
    }
    const problems = applicants.flatMap((applicant) => applicant.problems);
    if (problems.length > 0) console.error(`unexpected answers: ${problems.slice(0, 5).join('; ')}`);
  } finally {
    // SIGTERM: the entry point stops cleanly, and V8 writes the profile as the process exits.
    backend.child.kill('SIGTERM');
    await backend.exited;
    await store.drop();
  }
  const written = fs.readdirSync(dir).filter((file) => file.endsWith('.cpuprofile') && !before.has(file));
  const main = written.map((file) => path.join(dir, file)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  if (!main) throw new Error(`the backend wrote no profile into ${dir}`);
  const profile = JSON.parse(fs.readFileSync(main, 'utf8')) as CpuProfile;
  for (const window of windows) {
    console.log(`\n${window.label}`);
    console.log(summarize(profile, window));
  }
  console.log(`\nprofile: ${main}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runServerProfile().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
