// The benchmark's side of loop-delay-probe.ts: the arguments that load the probe into a server
// process, and the figures it wrote.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

/** Since the reading before, and since the run's start. */
export interface LoopDelayReading {
  window: LoopDelay | null;
  whole: LoopDelay | null;
}

/** Where a probe writes, and the node arguments that load it (before the entry point). */
export function loopDelayProbe(): { env: NodeJS.ProcessEnv; args: string[]; file: string } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-loop-delay-')), 'delay.json');
  return { env: { BENCH_LOOP_DELAY_FILE: file }, args: ['--import', 'tsx', '--import', path.resolve(import.meta.dirname, 'loop-delay-probe.ts')], file };
}

/**
 * Asks the probe in `pid` for its figures and starts a new window (with `start`, a new run too);
 * null when it did not answer within 5 s.
 */
export async function readLoopDelay(pid: number, file: string, start = false): Promise<LoopDelayReading | null> {
  fs.rmSync(file, { force: true });
  if (start) fs.writeFileSync(`${file}.start`, '');
  try {
    process.kill(pid, 'SIGUSR2');
  } catch {
    return null;
  }
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as LoopDelayReading;
  }
  return null;
}

export const describeLoopDelay = (delay: LoopDelay | null | undefined) =>
  delay ? `p50 ${delay.p50.toFixed(1)} ms  p99 ${delay.p99.toFixed(1)} ms  max ${delay.max.toFixed(0)} ms` : 'not measured';
