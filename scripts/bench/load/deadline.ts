// The deadline run of the load benchmark (issue 25 item 3): the last minute before an application
// deadline. 200 applicants, logged in before the clock starts, each save a page of answers every
// two seconds for 60 s; meanwhile each uploads one Word document and one photo from the public
// suites' corpora (deadline-files.ts), at its own moment, the 200 spread over the first three
// quarters of the minute (so the last conversions can finish inside it), through the real upload
// API as the renderer does (the presigned form, the store, then the conversion started), and polls
// each conversion every CONVERSION_POLL_MS until it is COMPLETED or FAILED. The server converts Word
// documents with LibreOffice (DOCX_CONVERTER=libreoffice), as production does, and is warm: one
// applicant's two documents are converted once before the clock starts.
//
// Measured: conversions a second, conversion latency from the upload's start to COMPLETED (the
// store's own time of completion, so the poll interval adds nothing), documents failed (every file
// here converts alone: a failure is one under load), save latency, and at the end every answer the
// server acknowledged read back. Behind them (the profile): the upload, the wait in the job queue
// and the conversion itself, from each job's row; the server's and its sandbox processes' CPU; the
// machine's load and busy cores.
import fs from 'node:fs';
import { apiPaths } from '../../../common/api';
import type { TestDialect } from '../../support/databases';
import { openDb } from '../../../backend/store/db';
import { checkAcknowledgedAnswers, createApplicants } from './applicants';
import { DeadlineApplicant, DRAIN_LIMIT_MS, SAVE_EVERY_MS, type Conversion } from './deadline-applicant';
import { deadlineFiles } from './deadline-files';
import { inBatches } from './in-batches';
import { mostWaiting, ms, p50p99, workerBusy, type JobRow } from './job-profile';
import { samplePostgres } from './postgres-activity';
import { cpuMs, sampleMachine, treeCpuMs } from './processes';
import { deadlineTopology, withDeadlineServers } from './deadline-servers';
import { percentile } from '../stats';
import { nowUs, readNewestProfile, summarize } from '../cpu-profile';
import { describeLoopDelay, loopDelayProbe, readLoopDelay, type LoopDelay } from './loop-delay';

/** Issue 25's goals for the deadline. */
const CONVERSION_P99_GOAL_MS = 10_000;
const SAVE_P99_GOAL_MS = 100;
/** Issue 37's goals for the server's event loop through the run. */
const LOOP_DELAY_P99_GOAL_MS = 20;
const LOOP_DELAY_MAX_GOAL_MS = 100;
/** With BENCH_CPU_PROF_DIR, the server runs under `--cpu-prof`, and its tasks this long or longer are listed. */
const LONG_TASK_MS = 20;
/** The uploads are spread over this share of the run, leaving the rest for the last ones to convert. */
const UPLOAD_SHARE = 0.75;

/** The bare Koa baseline's figures under as many connections, measured in the same run. */
export interface HelloBaseline {
  p50: number;
  p99: number;
  cpuPerRequestUs: number;
}

/** The `ms` of the request log's lines for one method and path: the server's own time for each, without the time before its middleware ran. */
function requestTimes(log: string, method: string, path: string): number[] {
  const times: number[] = [];
  for (const line of log.split('\n')) {
    if (!line.includes('"msg":"request"') || !line.endsWith('}')) continue;
    const entry = JSON.parse(line) as { method?: string; path?: string; ms?: number };
    if (entry.method === method && entry.path === path && typeof entry.ms === 'number') times.push(entry.ms);
  }
  return times;
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');

export interface DeadlineOptions {
  applicants: number;
  seconds: number;
}

/** The deadline run on one store, against the bare Koa baseline; sets the exit code when a document fails, a call errs or an answer is lost. */
export async function runDeadline(dialect: TestDialect, baseline: HelloBaseline, { applicants: count, seconds }: DeadlineOptions): Promise<void> {
  const files = deadlineFiles();
  const probe = loopDelayProbe();
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const profilesBefore = new Set(profileDir ? fs.readdirSync(profileDir) : []);
  const args = [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), ...probe.args, 'backend/main.ts'];
  // Word documents through LibreOffice, as in production: the server does not start without it.
  const topology = deadlineTopology(process.env.BENCH_TOPOLOGY);
  await withDeadlineServers(dialect, topology, { DOCX_CONVERTER: 'libreoffice', ...probe.env }, args, async ({ web: backend, worker, store }) => {
    const pid = backend.child.pid!;
    // Where the conversions run: the worker instance when there is one.
    const converterPid = (worker ?? backend).child.pid!;
    const saves: { sentAt: number; ms: number }[] = [];
    const pollTimes: number[] = [];
    const problems: string[] = [];
    const setupStarted = performance.now();
    const simulated = await createApplicants(backend.baseUrl, store.dataDir, count, new Map());
    const applicants = simulated.map(
      (applicant, index) => new DeadlineApplicant(applicant, backend.baseUrl, [files.word[index % files.word.length]!, files.photos[index % files.photos.length]!], saves, pollTimes, problems),
    );
    await inBatches(applicants, 8, (applicant) => applicant.logIn());
    const warmUp = await applicants[0]!.warmUp();
    console.log(
      `\n${dialect}, deadline, ${topology === 'one' ? 'one instance' : topology === 'one-s3' ? 'one instance, files in S3 (s3rver)' : 'a web instance and a worker instance (ROLE=web, ROLE=worker), files in S3 (s3rver)'}: ${count} applicants signed up and logged in in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; each saves a page every ${SAVE_EVERY_MS / 1000} s for ${seconds} s and uploads one of ${files.word.length} Word documents and one of ${files.photos.length} photos, the uploads spread over the first ${(seconds * UPLOAD_SHARE).toFixed(0)} s; the server warmed by converting the first applicant's two first (${warmUp})`,
    );

    const machine = sampleMachine(converterPid);
    const postgres = store.databaseUrl ? await samplePostgres(store.databaseUrl) : null;
    const serverCpuBefore = cpuMs(pid);
    const converterCpuBefore = cpuMs(converterPid);
    const treeCpuBefore = treeCpuMs(converterPid);
    const clientCpuBefore = process.cpuUsage();
    await readLoopDelay(pid, probe.file, true);
    const fromUs = nowUs();
    const logFrom = backend.stdout().length;
    const start = performance.now() + 100;
    const end = start + seconds * 1000;
    const uploadWindow = seconds * 1000 * UPLOAD_SHARE;
    let running = true;
    const delaySlices = sliceLoopDelay(pid, probe.file, start, () => running);
    await Promise.all(
      applicants.map((applicant, index) =>
        Promise.all([applicant.save(start + (index / count) * SAVE_EVERY_MS, end), applicant.uploadAndConvert(start + (index / count) * uploadWindow, end + DRAIN_LIMIT_MS)]),
      ),
    );
    const wallMs = performance.now() - start;
    const toUs = nowUs();
    running = false;
    const loopSlices = await delaySlices;
    const loopDelay = (await readLoopDelay(pid, probe.file))?.whole ?? null;
    const samples = machine.stop();
    const postgresActivity = await postgres?.stop(wallMs);
    const saveTimes = saves.map((save) => save.ms);
    const serverSaveTimes = requestTimes(backend.stdout().slice(logFrom), 'PUT', apiPaths.answer);
    // When the slow saves were sent: the uploads come in the first three quarters, their conversions a little later.
    const saveSlices = Array.from({ length: Math.ceil(seconds / 10) }, (_, slice) => {
      const inSlice = saves.filter((save) => save.sentAt - start >= slice * 10_000 && save.sentAt - start < (slice + 1) * 10_000).map((save) => save.ms);
      return `${slice * 10}-${slice * 10 + 10} s p99 ${inSlice.length > 0 ? ms(percentile(inSlice, 99)) : '-'}`;
    });
    const serverCpu = cpuMs(pid) - serverCpuBefore;
    const converterCpu = cpuMs(converterPid) - converterCpuBefore;
    const sandboxCpu = treeCpuMs(converterPid) - treeCpuBefore - converterCpu;
    const workerCpu = worker ? converterCpu : null;
    const clientCpu = process.cpuUsage(clientCpuBefore);

    const conversions = applicants.flatMap((applicant) => applicant.conversions);
    const rows = await jobRows(store, conversions);
    const completed = conversions.filter((conversion) => conversion.status === 'COMPLETED' && rows.get(conversion.fileKey!));
    const latency = (conversion: Conversion) => rows.get(conversion.fileKey!)!.updated_at - conversion.startedAt;
    const lastDone = Math.max(...completed.map((conversion) => rows.get(conversion.fileKey!)!.updated_at));
    const firstUpload = Math.min(...conversions.map((conversion) => conversion.startedAt));
    const failed = conversions.filter((conversion) => conversion.status !== 'COMPLETED');
    const latencies = completed.map(latency);
    const ofKind = (kind: Conversion['kind']) => completed.filter((conversion) => conversion.kind === kind);
    const conversionP99 = latencies.length > 0 ? percentile(latencies, 99) : Infinity;
    const saveP99 = saveTimes.length > 0 ? percentile(saveTimes, 99) : Infinity;

    for (const applicant of simulated) applicant.settle();
    const check = await checkAcknowledgedAnswers(backend.baseUrl, simulated);

    console.log(
      `conversions: ${completed.length} of ${conversions.length} completed, ${(completed.length / ((lastDone - firstUpload) / 1000)).toFixed(1)} conversions/s (first upload to last completion ${((lastDone - firstUpload) / 1000).toFixed(1)} s; offered ${(conversions.length / (uploadWindow / 1000)).toFixed(1)} a second while the uploads came; run ${(wallMs / 1000).toFixed(1)} s with the drain)`,
    );
    console.log(
      `conversion latency, upload to COMPLETED: ${p50p99(latencies)}  (Word ${p50p99(ofKind('Word').map(latency))}; photos ${p50p99(ofKind('photo').map(latency))})  goal p99 under ${CONVERSION_P99_GOAL_MS / 1000} s: ${met(conversionP99 < CONVERSION_P99_GOAL_MS)}`,
    );
    // Not COMPLETED: refused by the conversion (FAILED), still queued or converting when the drain's limit ran out, or an upload that failed.
    const byStatus = new Map<string, number>();
    for (const conversion of failed) byStatus.set(conversion.status, (byStatus.get(conversion.status) ?? 0) + 1);
    console.log(
      `documents failed: ${failed.length}${byStatus.size > 0 ? ` (${[...byStatus].map(([status, times]) => `${times} ${status}`).join(', ')}; ${DRAIN_LIMIT_MS / 1000} s after the run)` : ''}  goal 0: ${met(failed.length === 0)}`,
    );
    for (const conversion of failed) console.log(`    ${conversion.kind} ${conversion.file.id} (applicant ${conversion.applicant}): ${conversion.status} ${conversion.message}`);
    console.log(
      `saves: ${saveTimes.length}  ${p50p99(saveTimes)}  (${(percentile(saveTimes, 50) / baseline.p50).toFixed(1)}x and ${(saveP99 / baseline.p99).toFixed(1)}x hello's p50 ${ms(baseline.p50)} and p99 ${ms(baseline.p99)} under as many connections)  goal p99 under ${SAVE_P99_GOAL_MS} ms: ${met(saveP99 < SAVE_P99_GOAL_MS)}`,
    );
    console.log(`    saves by when sent: ${saveSlices.join(', ')}`);
    console.log(`    as the server timed them (its request log, from its middleware to the answer's end): ${serverSaveTimes.length}  ${p50p99(serverSaveTimes)}`);
    console.log(
      `event-loop delay (server): ${describeLoopDelay(loopDelay)}  goal p99 under ${LOOP_DELAY_P99_GOAL_MS} ms, max under ${LOOP_DELAY_MAX_GOAL_MS} ms: ${met(!!loopDelay && loopDelay.p99 < LOOP_DELAY_P99_GOAL_MS && loopDelay.max < LOOP_DELAY_MAX_GOAL_MS)}`,
    );
    console.log(`    by 10 s: ${loopSlices.map((slice, index) => `${index * 10}-${index * 10 + 10} s p99 ${slice ? slice.p99.toFixed(0) : '-'} max ${slice ? slice.max.toFixed(0) : '-'}`).join(', ')}`);
    console.log(`polls: ${pollTimes.length}  ${p50p99(pollTimes)};  errors: ${problems.length}`);
    console.log(`answers: ${check.checked} acknowledged answers of ${count} applicants read back, ${check.missing.length} missing  goal 0: ${met(check.missing.length === 0)}`);
    printProfile({ conversions: completed, rows, samples, wallMs, serverCpu, workerCpu, sandboxCpu, clientCpuMs: (clientCpu.user + clientCpu.system) / 1000, requests: saveTimes.length + pollTimes.length, baseline });
    if (postgresActivity) console.log(`    ${postgresActivity}`);
    if (profileDir) {
      // SIGTERM: the server stops cleanly, and V8 writes its profile as it exits.
      backend.child.kill('SIGTERM');
      await backend.exited;
      const { file, profile } = readNewestProfile(profileDir, profilesBefore);
      console.log(`  the server's main thread through the run (${file}):\n${summarize(profile, { label: 'deadline', fromUs, toUs }, LONG_TASK_MS)}`);
    }

    if (failed.length > 0 || problems.length > 0 || check.missing.length > 0) {
      for (const line of [...new Set(problems)].slice(0, 10)) console.error(`  ${line}`);
      for (const line of check.missing.slice(0, 10)) console.error(`  missing: ${line}`);
      console.error(`FAILED: ${failed.length} documents failed, ${problems.length} errors, ${check.missing.length} acknowledged answers missing`);
      process.exitCode = 1;
    }
  });
}

/** The event loop's delay in each 10 s of the run (from `start`), read while `going`. */
async function sliceLoopDelay(pid: number, file: string, start: number, going: () => boolean): Promise<(LoopDelay | null)[]> {
  const slices: (LoopDelay | null)[] = [];
  for (let slice = 1; going(); slice += 1) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + slice * 10_000 - performance.now())));
    if (going()) slices.push((await readLoopDelay(pid, file))?.window ?? null);
  }
  return slices;
}

/** The jobs' rows, by file key, read from the store once the run is over. */
async function jobRows(store: { databaseUrl: string | null; dataDir: string }, conversions: readonly Conversion[]): Promise<Map<string, JobRow>> {
  const db = openDb({ databaseUrl: store.databaseUrl, dataDir: store.dataDir });
  try {
    const keys = conversions.flatMap((conversion) => (conversion.fileKey ? [conversion.fileKey] : []));
    const rows: JobRow[] = [];
    for (let from = 0; from < keys.length; from += 500) {
      rows.push(
        ...(await db.kysely
          .selectFrom('conversions')
          .select(['file_key', 'status', 'attempts', 'created_at', 'claimed_at', 'updated_at'])
          .where('file_key', 'in', keys.slice(from, from + 500))
          .execute()),
      );
    }
    return new Map(rows.map((row) => [row.file_key, row]));
  } finally {
    await db.close();
  }
}

interface ProfileInput {
  conversions: readonly Conversion[];
  rows: ReadonlyMap<string, JobRow>;
  samples: ReturnType<ReturnType<typeof sampleMachine>['stop']>;
  wallMs: number;
  serverCpu: number;
  /** The worker instance's own CPU (ms), when the conversions run there. */
  workerCpu: number | null;
  sandboxCpu: number;
  clientCpuMs: number;
  requests: number;
  baseline: HelloBaseline;
}

/**
 * Where a conversion's time goes: the upload and the job's recording (upload start to the row's
 * creation), the wait in the queue (creation to the worker's claim), the conversion (claim to
 * completion); and what the machine was doing meanwhile.
 */
function printProfile({ conversions, rows, samples, wallMs, serverCpu, workerCpu, sandboxCpu, clientCpuMs, requests, baseline }: ProfileInput): void {
  const rowOf = (conversion: Conversion) => rows.get(conversion.fileKey!)!;
  const phase = (kind: Conversion['kind'] | null, of: (conversion: Conversion, row: JobRow) => number) =>
    p50p99(conversions.filter((conversion) => kind === null || conversion.kind === kind).map((conversion) => of(conversion, rowOf(conversion))));
  const upload = (conversion: Conversion, row: JobRow) => row.created_at - conversion.startedAt;
  const wait = (_: Conversion, row: JobRow) => (row.claimed_at ?? row.updated_at) - row.created_at;
  const convert = (_: Conversion, row: JobRow) => row.updated_at - (row.claimed_at ?? row.updated_at);
  console.log('  profile:');
  console.log(`    upload and job recorded  ${phase(null, upload)}`);
  console.log(`    wait in the queue        ${phase(null, wait)}  (Word ${phase('Word', wait)}; photos ${phase('photo', wait)}); most jobs waiting at once ${mostWaiting([...rows.values()])}`);
  console.log(`    conversion (claimed)     ${phase(null, convert)}  (Word ${phase('Word', convert)}; photos ${phase('photo', convert)}); retried ${[...rows.values()].filter((row) => row.attempts > 1).length}`);
  console.log(`    ${workerBusy([...rows.values()])}`);
  const seconds = wallMs / 1000;
  const loads = samples.map((sample) => sample.load);
  const busy = samples.map((sample) => sample.busy);
  console.log(
    `    CPU over ${seconds.toFixed(0)} s: server process ${((serverCpu / 1000 / seconds) * 100).toFixed(0)}% of a core (${((serverCpu * 1000) / Math.max(1, requests)).toFixed(0)} µs a save or poll ${workerCpu === null ? "with the conversions' share" : 'on the web instance'}, ${(
      (serverCpu * 1000) /
      Math.max(1, requests) /
      baseline.cpuPerRequestUs
    ).toFixed(1)}x hello's a request)${workerCpu === null ? '' : `, the worker instance ${((workerCpu / 1000 / seconds) * 100).toFixed(0)}%`}, the sandbox processes ${((sandboxCpu / 1000 / seconds) * 100).toFixed(0)}%, this benchmark's applicants ${((clientCpuMs / 1000 / seconds) * 100).toFixed(0)}%`,
  );
  console.log(
    `    machine: load average ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} (mean ${(loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length)).toFixed(1)}), cores busy ${((busy.reduce((a, b) => a + b, 0) / Math.max(1, busy.length)) * 100).toFixed(0)}% on average, ${Math.round(
      percentile(busy, 90) * 100,
    )}% at p90; processes under the server up to ${Math.max(...samples.map((sample) => sample.descendants))}`,
  );
}
