// Where the renderer's main thread spends a keystroke, read from a Chromium trace of the keystroke
// benchmark's typing (keystroke-latency.ts, BENCH_TRACE=1): self time per traced event, and what the
// slow keystrokes do that the others do not.

export interface TraceEvent {
  name: string;
  ph: string;
  ts?: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { functionName?: string; type?: string } };
}

/**
 * Where the renderer's main thread spends a keystroke, from a Chromium trace: each traced event's
 * self time (its duration less that of the events nested in it), so the rows add up to the
 * thread's busy time.
 */
export function summarizeTrace(trace: { traceEvents: TraceEvent[] }, keystrokes: number): void {
  const events = trace.traceEvents;
  const mainThreads = new Set(events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`));
  const spans = events
    .filter((event) => event.ph === 'X' && event.dur && event.ts !== undefined && mainThreads.has(`${event.pid}:${event.tid}`))
    .map((event) => ({
      name: event.name === 'FunctionCall' && event.args?.data?.functionName ? `FunctionCall ${event.args.data.functionName}` : event.name,
      type: event.args?.data?.type,
      thread: `${event.pid}:${event.tid}`,
      start: event.ts!,
      end: event.ts! + event.dur!,
      self: event.dur!,
    }))
    .sort((a, b) => a.thread.localeCompare(b.thread) || a.start - b.start || b.end - a.end);
  const open: typeof spans = [];
  for (const span of spans) {
    while (open.length > 0 && (open.at(-1)!.thread !== span.thread || open.at(-1)!.end <= span.start)) open.pop();
    const parent = open.at(-1);
    if (parent) parent.self -= Math.min(span.end, parent.end) - span.start;
    open.push(span);
  }
  const byName = new Map<string, number>();
  for (const span of spans) byName.set(span.name, (byName.get(span.name) ?? 0) + Math.max(0, span.self) / 1000);
  const busy = [...byName.values()].reduce((sum, ms) => sum + ms, 0);
  console.log(`\nChromium trace of the form page's typing (warm-up, clearing and ${keystrokes} keystrokes), renderer main thread: self time per keystroke`);
  console.log(`  ${'all traced work'.padEnd(60)} ${(busy / keystrokes).toFixed(2).padStart(7)} ms`);
  for (const [name, ms] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${name.padEnd(60)} ${(ms / keystrokes).toFixed(2).padStart(7)} ms`);
  summarizeSlowKeystrokes(spans);
}

/**
 * The tail: each keydown's frame (from its dispatch to the end of the next compositor commit), the
 * slow ones (a frame or more) against the rest, with the self time of what ran in them by name. It
 * says what the slow keystrokes do that the others do not.
 */
function summarizeSlowKeystrokes(spans: readonly { name: string; type?: string; start: number; end: number; self: number }[]): void {
  const keydowns = spans.filter((span) => span.name === 'EventDispatch' && span.type === 'keydown');
  const commits = spans.filter((span) => span.name === 'Commit');
  const groups = { slow: { count: 0, total: 0, byName: new Map<string, number>() }, fast: { count: 0, total: 0, byName: new Map<string, number>() } };
  for (const keydown of keydowns) {
    const commit = commits.find((candidate) => candidate.start >= keydown.start);
    if (!commit) continue;
    const latency = (commit.end - keydown.start) / 1000;
    const group = latency >= 16 ? groups.slow : groups.fast;
    group.count += 1;
    group.total += latency;
    for (const span of spans) {
      if (span.start < keydown.start || span.start >= commit.end) continue;
      group.byName.set(span.name, (group.byName.get(span.name) ?? 0) + Math.max(0, span.self) / 1000);
    }
  }
  if (groups.slow.count === 0 || groups.fast.count === 0) {
    console.log(`
${groups.slow.count} keydowns took a frame or more to their commit, ${groups.fast.count} less: nothing to compare`);
    return;
  }
  const per = (group: typeof groups.slow, name: string) => (group.byName.get(name) ?? 0) / group.count;
  const names = new Set([...groups.slow.byName.keys(), ...groups.fast.byName.keys()]);
  console.log(
    `
the tail, from the trace: ${groups.slow.count} keydowns took 16 ms or more to their commit (mean ${(groups.slow.total / groups.slow.count).toFixed(1)} ms), ` +
      `${groups.fast.count} less (mean ${(groups.fast.total / groups.fast.count).toFixed(1)} ms); self time in that window, per keystroke`,
  );
  console.log(`  ${'event'.padEnd(60)} ${'slow'.padStart(8)} ${'fast'.padStart(8)}`);
  for (const name of [...names].sort((a, b) => per(groups.slow, b) - per(groups.fast, b) - (per(groups.slow, a) - per(groups.fast, a))).slice(0, 15)) {
    console.log(`  ${name.padEnd(60)} ${per(groups.slow, name).toFixed(2).padStart(5)} ms ${per(groups.fast, name).toFixed(2).padStart(5)} ms`);
  }
}
