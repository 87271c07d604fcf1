// Where the backend's time goes on the profile GET and the save (issue 18, item 3): the real entry
// point (`backend/main.ts`, production settings) under V8's sampling profiler (`--cpu-prof`),
// loaded by autocannon as the load benchmark's throughput runs load it, as fast as it answers.
// Only the samples taken while a run was going count (the profile's clock is the monotonic clock
// this process reads too), so the sign-ups before do not. Prints, per run, the requests a second
// and the main thread's time by where it was spent, and leaves the .cpuprofile files (Chromium's
// DevTools opens them) in BENCH_PROFILE_DIR.
//
// Two references beside the bare Koa hello (issue 37 item 2) say how much of the gap is ours: a
// bare Koa server answering the backend's own profile answer (the same bytes and headers, so the
// same socket work), and the backend's /health, which passes the middleware every request passes
// (request id, log, security headers, errors) and touches no store.
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
import { createApplicants, type Activity, type SimulatedApplicant, type StepTimings } from './load/applicants';
import { nowUs, readNewestProfile, summarize, type Window } from './cpu-profile';
import { cpuMs, startHelloProcess, startKoaProcess } from './load/processes';
import { apiPaths } from '../../common/api';

const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 50);
const SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 10);
const STORE: TestDialect = process.env.BENCH_STORE === 'postgres' ? 'postgres' : 'sqlite';
/** One run as fast as answered, by as many connections for as long: its rate, p99 and the server's CPU a request. */
async function loadOf(pid: number, options: autocannon.Options, helloRate: number): Promise<string> {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ connections: APPLICANTS, duration: SECONDS, ...options });
  const cpuPerRequest = ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  const errors = result.errors + result.timeouts + result.non2xx;
  return `${result.requests.average.toFixed(0)} req/s (${(result.requests.average / helloRate).toFixed(2)}x hello's), p99 ${result.latency.p99} ms, errors ${errors}, server CPU ${cpuPerRequest.toFixed(0)} µs a request (load average ${os.loadavg()[0]!.toFixed(1)})`;
}

/**
 * The floor and the middleware: a bare Koa server answering `applicant`'s own profile answer, then
 * the backend's /health (profiled, so its window shows what the middleware costs by function).
 */
async function measureReferences(baseUrl: string, pid: number, applicant: SimulatedApplicant, dir: string, helloRate: number, windows: Window[]): Promise<void> {
  const response = await fetch(baseUrl + apiPaths.profile, { headers: { cookie: applicant.cookie, 'x-forwarded-for': applicant.address } });
  if (!response.ok) throw new Error(`the profile to record answered ${response.status}`);
  const headers: Record<string, string> = {};
  // Node writes its own framing (date, length, keep-alive) as it does for the backend's answer.
  for (const [name, value] of response.headers) if (!['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = value;
  const body = await response.text();
  const recorded = path.join(dir, 'recorded-profile-answer.json');
  fs.writeFileSync(recorded, JSON.stringify({ body, headers }));
  const floor = await startKoaProcess('recorded-answer-koa.ts', await freePort(), { RECORDED_ANSWER: recorded });
  try {
    console.log(`bare Koa answering the profile's ${body.length} bytes and ${Object.keys(headers).length} headers: ${await loadOf(floor.pid, { url: floor.url }, helloRate)}`);
  } finally {
    await floor.stop();
    fs.rmSync(recorded);
  }
  const fromUs = nowUs();
  const health = await loadOf(pid, { url: `${baseUrl}/health` }, helloRate);
  windows.push({ label: `/health (request id, log, security headers, errors; no store): ${health}`, fromUs, toUs: nowUs() });
  console.log(windows.at(-1)!.label);
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
  // The bare Koa hello, as many connections for as long, in the same run: the ratios' baseline.
  const hello = await startHelloProcess(await freePort());
  const helloCpuBefore = cpuMs(hello.pid);
  const helloRun = await autocannon({ url: hello.url, connections: APPLICANTS, duration: SECONDS });
  const helloCpu = (cpuMs(hello.pid) - helloCpuBefore) * 1000;
  await hello.stop();
  const helloRate = helloRun.requests.average;
  console.log(`bare Koa hello: ${helloRate.toFixed(0)} req/s, p99 ${helloRun.latency.p99} ms (load average ${os.loadavg()[0]!.toFixed(1)}), ${(helloCpu / Math.max(1, helloRun.requests.total)).toFixed(0)} µs CPU a request`);
  try {
    const timings: StepTimings = new Map();
    const applicants = await createApplicants(backend.baseUrl, store.dataDir, APPLICANTS, timings);
    // The throughput runs' applicants are logged in: log each in through its own connection first.
    const { arrivals } = await import('./load/applicants');
    await autocannon({ url: backend.baseUrl, connections: 1, amount: APPLICANTS, setupClient: arrivals(applicants) });
    await measureReferences(backend.baseUrl, backend.child.pid!, applicants[0]!, dir, helloRate, windows);
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
      const figures = await loadOf(backend.child.pid!, { url: backend.baseUrl, setupClient: (client) => client.setRequests(applicants[next++ % applicants.length]!.requests()) }, helloRate);
      windows.push({ label: `${label}: ${figures}`, fromUs, toUs: nowUs() });
    }
    const problems = applicants.flatMap((applicant) => applicant.problems);
    if (problems.length > 0) console.error(`unexpected answers: ${problems.slice(0, 5).join('; ')}`);
  } finally {
    // SIGTERM: the entry point stops cleanly, and V8 writes the profile as the process exits.
    backend.child.kill('SIGTERM');
    await backend.exited;
    await store.drop();
  }
  const { file: main, profile } = readNewestProfile(dir, before);
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
