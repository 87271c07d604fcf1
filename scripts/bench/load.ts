// Load (issue 9 part 4): 200 applicants on one backend. They arrive and log in, ten a second; then
// for 60 seconds each loads the profile, starts the conversion of a document, then saves a page of
// answers and polls the conversion in turn, one request a second (a save every two seconds), all
// 200 seconds starting in the same instant (autocannon's way: bursts of 200); then the same 60
// seconds again with each applicant's second starting at its own moment, spread over the second, as
// people arrive. Then the same applicants call the profile, and then save, as fast as the server
// answers, for the throughput of each.
// Errors must be 0, and at the end every answer the server acknowledged must be in the store.
//
// The backend is the real entry point (`backend/main.ts`, production settings, request logs at
// info) in its own process on loopback, over a fresh SQLite store and then a fresh PostgreSQL
// database (BENCH_STORE=sqlite or postgres runs one). Its resident memory is sampled throughout.
//
// Baseline measured in the same run: a bare Koa server answering 'hello', started the same way and
// loaded by as many connections; the throughput and memory ratios are against it.
//
// Then the deadline run (issue 25 item 3, load/deadline.ts): on a backend of its own converting Word
// documents with LibreOffice, as many applicants for as many seconds save pages while each uploads a
// Word document and a photo of the public suites' corpora; conversions a second, conversion latency
// (upload to COMPLETED), documents failed, save latency against hello's, answers lost.
//
// Settings: BENCH_APPLICANTS (200), BENCH_SECONDS (60), BENCH_THROUGHPUT_SECONDS (15),
// BENCH_ARRIVALS_PER_SECOND (10), BENCH_STORE (both), BENCH_RUN (both: `applicants` runs only the
// applicant runs above, `deadline` only the deadline run; the baseline is measured for either),
// BENCH_TOPOLOGY (the deadline's servers: `one`, `one-s3` or `split-s3`, load/deadline-servers.ts).
import os from 'node:os';
import autocannon from 'autocannon';
import { freePort } from '../support/backend-process';
import type { TestDialect } from '../support/databases';
import { arrivals, checkAcknowledgedAnswers, createApplicants, type Activity, type SimulatedApplicant, type StepTimings } from './load/applicants';
import { runDeadline } from './load/deadline';
import { cpuMs, residentBytes, sampleMemory, startHelloProcess, withBackend } from './load/processes';
import { percentile } from './stats';

const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 15);
/**
 * Logins a second as the applicants arrive. Each costs a memory-hard scrypt (about 0.1 s of a core
 * here), so 200 in the same instant would queue for 10 s or more: a login rush, not applying.
 */
const ARRIVALS_PER_SECOND = Number(process.env.BENCH_ARRIVALS_PER_SECOND ?? 10);
const STORES: TestDialect[] = process.env.BENCH_STORE === 'postgres' ? ['postgres'] : process.env.BENCH_STORE === 'sqlite' ? ['sqlite'] : ['sqlite', 'postgres'];
const RUNS = process.env.BENCH_RUN === 'applicants' ? ['applicants'] : process.env.BENCH_RUN === 'deadline' ? ['deadline'] : ['applicants', 'deadline'];
/** Requests a second per applicant in the applicant run: a save and a poll every two seconds. */
const REQUESTS_PER_SECOND = 1;
/** How long a request may take before it counts as an error (the renderer sets no timeout; a browser waits). */
const TIMEOUT_SECONDS = 30;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}x`;

/** The latency of each kind of call in the run just measured (autocannon's own figures mix them). */
function describeSteps(timings: StepTimings): string {
  return [...timings]
    .map(([step, values]) => `    ${step.padEnd(8)} ${String(values.length).padStart(6)} calls  p50 ${percentile(values, 50).toFixed(0).padStart(5)} ms  p99 ${percentile(values, 99).toFixed(0).padStart(5)} ms`)
    .join('\n');
}

interface Run {
  result: autocannon.Result;
  memoryPeak: number;
  /** The server process's CPU time (user and system) per request answered, in µs. */
  cpuPerRequestUs: number;
}

/** Errors of every kind autocannon counts: connection errors, timeouts and non-2xx answers. */
const errorsOf = (result: autocannon.Result) => result.errors + result.timeouts + result.non2xx;

function describe(label: string, { result, memoryPeak, cpuPerRequestUs }: Run, extra = ''): string {
  return [
    label.padEnd(34),
    `${result.requests.average.toFixed(0).padStart(6)} req/s`,
    `p50 ${String(result.latency.p50).padStart(4)} ms`,
    `p99 ${String(result.latency.p99).padStart(5)} ms`,
    `errors ${errorsOf(result)}`,
    `peak memory ${mb(memoryPeak)}`,
    `CPU ${cpuPerRequestUs.toFixed(0).padStart(5)} µs/request`,
    extra,
  ].join('  ');
}

async function measure(pid: number, options: autocannon.Options): Promise<Run> {
  const memory = sampleMemory(pid, 100, true);
  try {
    const cpuBefore = cpuMs(pid);
    const result = await autocannon({ connections: APPLICANTS, timeout: TIMEOUT_SECONDS, ...options });
    const cpuPerRequestUs = ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
    return { result, memoryPeak: memory.peak(), cpuPerRequestUs };
  } finally {
    memory.stop();
  }
}

/** One connection per applicant, each sending that applicant's requests. */
function asApplicants(applicants: readonly SimulatedApplicant[], activity: Activity, timings: StepTimings): Pick<autocannon.Options, 'setupClient'> {
  timings.clear();
  for (const applicant of applicants) {
    applicant.settle();
    applicant.activity = activity;
  }
  let next = 0;
  return { setupClient: (client) => client.setRequests(applicants[next++ % applicants.length]!.requests()) };
}

/**
 * Applying as people do: each applicant's second starts at its own moment, the 200 spread evenly
 * over the second (one autocannon connection each, started 5 ms apart), instead of all 200
 * connections' seconds starting in the same instant as in the run above (autocannon ticks every
 * connection's rate together). Each applicant starts again from the profile and a new conversion.
 * The latencies are the applicants' own timings of every call.
 */
async function measureSpreadAt(url: string, pid: number, applicants: readonly SimulatedApplicant[], timings: StepTimings): Promise<{ run: Omit<Run, 'result'>; requests: number; errors: number; timeline: string }> {
  timings.clear();
  for (const applicant of applicants) {
    applicant.settle();
    applicant.startApplying();
  }
  const calls: { sentAt: number; ms: number }[] = [];
  for (const applicant of applicants) applicant.calls = calls;
  const started = performance.now();
  const memory = sampleMemory(pid, 100, true);
  try {
    const cpuBefore = cpuMs(pid);
    const gap = 1000 / applicants.length;
    const results = await Promise.all(
      applicants.map(async (applicant, index) => {
        await new Promise((resolve) => setTimeout(resolve, index * gap));
        return autocannon({
          url,
          connections: 1,
          connectionRate: REQUESTS_PER_SECOND,
          duration: SECONDS,
          timeout: TIMEOUT_SECONDS,
          ignoreCoordinatedOmission: true,
          setupClient: (client) => client.setRequests(applicant.requests()),
        });
      }),
    );
    const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
    const errors = results.reduce((sum, result) => sum + errorsOf(result), 0);
    // When the slow calls were sent: the first seconds hold the 200 conversions' start.
    const slices = [0, 10, 20, 30, 40, 50].map((from) => {
      const inSlice = calls.filter((call) => call.sentAt - started >= from * 1000 && call.sentAt - started < (from + 10) * 1000).map((call) => call.ms);
      return `${from}-${from + 10} s p99 ${inSlice.length > 0 ? percentile(inSlice, 99).toFixed(0) : '-'} ms`;
    });
    for (const applicant of applicants) applicant.calls = null;
    return { run: { memoryPeak: memory.peak(), cpuPerRequestUs: ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, requests) }, requests, errors, timeline: `    by when sent: ${slices.join(', ')}` };
  } finally {
    memory.stop();
  }
}

export async function runLoadBenchmark(): Promise<void> {
  console.log(`${APPLICANTS} applicants, ${SECONDS} s applying and ${THROUGHPUT_SECONDS} s per throughput run, ${RUNS.join(' and ')} runs, ${STORES.join(' then ')}, loopback; load average ${os.loadavg()[0]!.toFixed(1)}`);

  const hello = await startHelloProcess(await freePort());
  let baseline: Run;
  try {
    baseline = await measure(hello.pid, { url: hello.url, duration: THROUGHPUT_SECONDS });
  } finally {
    await hello.stop();
  }
  console.log(describe('bare Koa hello (baseline)', baseline));
  for (const dialect of STORES) {
    if (RUNS.includes('applicants')) await runOnStore(dialect, baseline);
    if (RUNS.includes('deadline')) {
      const hello = { p50: baseline.result.latency.p50, p99: baseline.result.latency.p99, cpuPerRequestUs: baseline.cpuPerRequestUs };
      await runDeadline(dialect, hello, { applicants: APPLICANTS, seconds: SECONDS });
    }
  }
}

/** The applicants' runs on one store, their throughput against the same run's baseline. */
async function runOnStore(dialect: TestDialect, baseline: Run): Promise<void> {
  console.log(`\n${dialect}: load average ${os.loadavg()[0]!.toFixed(1)}`);
  await withBackend(dialect, {}, undefined, async (backend, store) => {
    const pid = backend.child.pid!;
    const setupStarted = performance.now();
    const timings: StepTimings = new Map();
    const applicants = await createApplicants(backend.baseUrl, store.dataDir, APPLICANTS, timings);
    const idle = residentBytes(pid, true) ?? 0;
    console.log(`${APPLICANTS} applicants signed up, confirmed, saved a complete application and uploaded a document in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; backend memory ${mb(idle)}`);

    // autocannon's correction for coordinated omission assumes an interval of 1 ms at a rate of 1 a
    // second and fills in thousands of made-up samples per slow login; the raw latencies are the truth.
    timings.clear();
    const arriving = await measure(pid, {
      url: backend.baseUrl,
      connections: ARRIVALS_PER_SECOND,
      overallRate: ARRIVALS_PER_SECOND,
      amount: APPLICANTS,
      ignoreCoordinatedOmission: true,
      setupClient: arrivals(applicants),
    });
    const loggedIn = applicants.filter((applicant) => applicant.cookie).length;
    console.log(describe(`arrivals (${ARRIVALS_PER_SECOND} logins a second)`, arriving, `logged in ${loggedIn}/${APPLICANTS}`));

    const applying = await measure(pid, { url: backend.baseUrl, duration: SECONDS, connectionRate: REQUESTS_PER_SECOND, ignoreCoordinatedOmission: true, ...asApplicants(applicants, 'applying', timings) });
    const saves = applicants.reduce((sum, applicant) => sum + applicant.saves, 0);
    const converted = applicants.filter((applicant) => applicant.conversionStatus === 'COMPLETED').length;
    console.log(describe('applying (profile, save, poll)', applying, `saves ${saves}, conversions completed ${converted}/${APPLICANTS}`));
    console.log(describeSteps(timings));

    const spread = await measureSpreadAt(backend.baseUrl, pid, applicants, timings);
    const spreadCalls = [...timings.values()].flat();
    const spreadConverted = () => applicants.filter((applicant) => applicant.conversionStatus === 'COMPLETED').length;
    console.log(
      [
        'applying, seconds spread (as people)'.padEnd(34),
        `${(spread.requests / SECONDS).toFixed(0).padStart(6)} req/s`,
        `p50 ${percentile(spreadCalls, 50).toFixed(0).padStart(4)} ms`,
        `p99 ${percentile(spreadCalls, 99).toFixed(0).padStart(5)} ms`,
        `errors ${spread.errors}`,
        `peak memory ${mb(spread.run.memoryPeak)}`,
        `CPU ${spread.run.cpuPerRequestUs.toFixed(0).padStart(5)} µs/request`,
        `saves ${applicants.reduce((sum, applicant) => sum + applicant.saves, 0) - saves}, conversions completed ${spreadConverted()}/${APPLICANTS}`,
      ].join('  '),
    );
    console.log(describeSteps(timings));
    console.log(spread.timeline);

    const profile = await measure(pid, { url: backend.baseUrl, duration: THROUGHPUT_SECONDS, ...asApplicants(applicants, 'profile', timings) });
    const cpuRatio = (run: Run) => `${(run.cpuPerRequestUs / baseline.cpuPerRequestUs).toFixed(1)}x hello's CPU a request`;
    console.log(describe('profile, as fast as answered', profile, `${ratio(profile.result.requests.average, baseline.result.requests.average)} of hello's throughput, ${cpuRatio(profile)}`));
    const saving = await measure(pid, { url: backend.baseUrl, duration: THROUGHPUT_SECONDS, ...asApplicants(applicants, 'saving', timings) });
    console.log(describe('save, as fast as answered', saving, `${ratio(saving.result.requests.average, baseline.result.requests.average)} of hello's throughput, ${cpuRatio(saving)}`));

    const peak = Math.max(arriving.memoryPeak, applying.memoryPeak, profile.memoryPeak, saving.memoryPeak);
    console.log(`backend memory: ${mb(idle)} idle after the sign-ups, ${mb(applying.memoryPeak)} peak applying, ${mb(peak)} peak overall (${ratio(peak, baseline.memoryPeak)} of hello's peak)`);

    for (const applicant of applicants) applicant.settle();
    const check = await checkAcknowledgedAnswers(backend.baseUrl, applicants);
    const problems = applicants.flatMap((applicant) => applicant.problems.map((problem) => `${applicant.username}: ${problem}`));
    const errors = [arriving, applying, profile, saving].reduce((sum, run) => sum + errorsOf(run.result), spread.errors);
    console.log(`final check: ${check.checked} acknowledged answers of ${APPLICANTS} applicants read back, ${check.missing.length} missing`);
    if (errors > 0 || problems.length > 0 || check.missing.length > 0 || converted < APPLICANTS || spreadConverted() < APPLICANTS) {
      const distinct = new Map<string, number>();
      for (const line of [...problems, ...check.missing]) distinct.set(line.replace(/load\.\d+\.\d+@/, 'load.*@'), (distinct.get(line.replace(/load\.\d+\.\d+@/, 'load.*@')) ?? 0) + 1);
      for (const [line, times] of [...distinct].slice(0, 20)) console.error(`  ${times} x ${line}`);
      console.error(`FAILED: ${errors} errors, ${problems.length} unexpected answers, ${check.missing.length} acknowledged answers missing, ${APPLICANTS - Math.min(converted, spreadConverted())} conversions not completed`);
      process.exitCode = 1;
    }
  });
}
