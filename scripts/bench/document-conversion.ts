// Document conversion through the sandbox pool's child processes (DESIGN.md section 12): how long a 10-page
// Word document and photos of about 1 MB (JPEG and PNG) take, and how responsive the main
// thread's event loop stays meanwhile.
//
// Baselines measured in the same run: the event loop's delay with no conversion running, and, for
// contrast, the same conversions run on the main thread, which is what the sandbox spares the
// server.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { convertToPdf } from '../../backend/documents/convert-to-pdf';
import { createConversionRunner } from '../../backend/sandbox/conversion-runner';
import { createSandboxPool } from '../../backend/sandbox/sandbox-pool';
import { checked, photoJpeg, photoPng, tenPageDocx } from '../support/documents';

const ROUNDS = 5;
const BASELINE_MS = 2_000;
/** The event-loop sampling interval: fine enough to see a stall of a few milliseconds. */
const RESOLUTION_MS = 5;

interface Input {
  name: string;
  bytes: Buffer;
}

interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

const ms = (value: number) => value.toFixed(1).padStart(7);

function delays(histogram: IntervalHistogram): LoopDelay {
  return { p50: histogram.percentile(50) / 1e6, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 };
}

async function measureLoop<T>(work: () => Promise<T>): Promise<{ result: T; loop: LoopDelay }> {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const result = await work();
  histogram.disable();
  return { result, loop: delays(histogram) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Each input converted ROUNDS times, one after the other; milliseconds per conversion. */
async function timeConversions(inputs: readonly Input[], convert: (bytes: Buffer) => Promise<Buffer>): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>();
  for (const input of inputs) {
    const runs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      await convert(input.bytes);
      runs.push(performance.now() - started);
    }
    times.set(input.name, runs);
  }
  return times;
}

function printLoop(label: string, loop: LoopDelay, baseline?: LoopDelay): void {
  const ratio = baseline ? `   ratio to baseline: p50 ${(loop.p50 / baseline.p50).toFixed(2)}x, p99 ${(loop.p99 / baseline.p99).toFixed(2)}x, max ${(loop.max / baseline.max).toFixed(2)}x` : '';
  console.log(`  ${label.padEnd(34)} p50 ${ms(loop.p50)} ms   p99 ${ms(loop.p99)} ms   max ${ms(loop.max)} ms${ratio}`);
}

export async function runDocumentConversionBenchmark(): Promise<void> {
  const inputs: Input[] = [
    { name: '10-page docx', bytes: tenPageDocx() },
    { name: 'photo jpeg', bytes: photoJpeg() },
    { name: 'photo png', bytes: photoPng() },
  ];
  console.log(`inputs: ${inputs.map((input) => `${input.name} ${(input.bytes.length / 1000).toFixed(0)} kB`).join(', ')}; ${ROUNDS} conversions each`);

  const sandbox = createSandboxPool({ maxProcesses: 1 });
  const runner = createConversionRunner(sandbox, { limits: { timeoutMs: 30_000 } });
  try {
    const started = performance.now();
    await runner.run(checked(inputs[1]!.bytes)); // starts a sandbox process, so startup is not counted below
    console.log(`sandbox process start and first conversion: ${Math.round(performance.now() - started)} ms`);

    const { loop: baseline } = await measureLoop(() => new Promise((resolve) => setTimeout(resolve, BASELINE_MS)));
    const inSandbox = await measureLoop(() => timeConversions(inputs, (bytes) => runner.run(checked(bytes))));
    const onMainThread = await measureLoop(() => timeConversions(inputs, (bytes) => convertToPdf(checked(bytes))));

    console.log('\nconversion time, median (max) in ms');
    for (const input of inputs) {
      const sandboxed = inSandbox.result.get(input.name)!;
      const main = onMainThread.result.get(input.name)!;
      console.log(
        `  ${input.name.padEnd(14)} sandbox ${ms(median(sandboxed))} (${ms(Math.max(...sandboxed)).trim()})   main thread ${ms(median(main))} (${ms(Math.max(...main)).trim()})`,
      );
    }
    console.log(`\nmain thread's event-loop delay: time between samples due every ${RESOLUTION_MS} ms, so ${RESOLUTION_MS} ms is no delay at all`);
    printLoop('baseline, nothing converting', baseline);
    printLoop('converting in a sandbox process', inSandbox.loop, baseline);
    printLoop('converting on the main thread', onMainThread.loop, baseline);
  } finally {
    await sandbox.close();
  }
}
