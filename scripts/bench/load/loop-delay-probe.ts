// Loaded into a benchmarked server process (`--import`), not part of the product: measures the
// event loop's delay (perf_hooks.monitorEventLoopDelay, 1 ms resolution). On each SIGUSR2 it
// writes to BENCH_LOOP_DELAY_FILE what it saw since the signal before (`window`) and since the
// last start (`whole`), in ms (p50, p99, max, samples), then starts a new window; where the file
// `<BENCH_LOOP_DELAY_FILE>.start` exists, it starts both anew (the benchmark's run starting).
import fs from 'node:fs';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  // Two monitors: the window's, started anew at each reading, and the run's.
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const whole = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  whole.enable();
  const figures = (of: IntervalHistogram) =>
    of.count === 0 ? null : { p50: of.percentile(50) / 1e6, p99: of.percentile(99) / 1e6, max: of.max / 1e6, samples: of.count };
  process.on('SIGUSR2', () => {
    if (fs.existsSync(`${file}.start`)) {
      fs.rmSync(`${file}.start`);
      whole.reset();
    }
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ window: figures(histogram), whole: figures(whole) }));
    fs.renameSync(`${file}.tmp`, file);
    histogram.reset();
  });
}
