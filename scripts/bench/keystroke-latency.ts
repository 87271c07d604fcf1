// Keystroke-to-paint latency on the busiest form page: Your Academics with all eight colleges and
// every other question of the busiest application answered (scripts/bench/busiest-application.ts),
// while the status is validating, so every keystroke revalidates the whole application and
// redraws the errors. The renderer is built into a temporary folder and served by the real
// backend; Chromium (drawn on a virtual display, Xvfb: headless Chromium withholds Event Timing's
// paints on this page) types ~100 characters into the Major of the first college, one every
// TYPING_INTERVAL_MS, after clearing it (which shows "Major is required.").
//
// Two clocks, both in the page: the Event Timing API (PerformanceObserver 'event': from the input's
// timestamp to the next paint, reported only for events of 16 ms and more, in 8 ms steps), and a
// frame probe (from each keydown's timestamp to a message posted in the next animation frame, which
// runs once that frame is painted), which times every keystroke however short.
//
// Baseline measured in the same run and the same browser: the same typing into one plain <input>
// of an otherwise empty page (page.setContent).
//
// Each is measured twice: as the machine runs, and with Chromium's CPU throttled 4x (CDP
// Emulation.setCPUThrottlingRate, Lighthouse's mobile setting: a cheap kiosk). BENCH_TRACE=1 also
// records a Chromium trace of the unthrottled typing on the form page and prints where the main
// thread's time goes per keystroke (BENCH_TRACE=<file> keeps the trace for chrome://tracing).
//
// Then a first load on a phone (issue 26, item 5), with Lighthouse's mobile settings (CPU 4x and
// slow 4G over CDP: first-input.ts): the time from the navigation's start until About You's first
// question takes input, for a visitor and for the busiest applicant, each in a fresh context (an
// empty cache) FIRST_LOADS times, against the time until React 'hello' (built the same way,
// served gzipped from loopback) has rendered its heading under the same settings.
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiPaths } from '../../common/api';
import { collegeBlock } from '../../common/form/model/college-block';
import { educationPage } from '../../common/form/pages';
import { logInNewApplicant, startBackend } from './bench-server';
import { chromiumLaunchOptions } from '../../tests/e2e/support/chromium';
import { busiestApplication } from './busiest-application';
import { emulateMobile, expectTakesInput, MOBILE, readyAt, watchForReady } from './first-input';
import { buildHelloReact, buildRenderer, tempDir } from './renderer-build';
import { serveFolder } from './static-server';
import { percentile } from './stats';
import { startVirtualDisplay } from './virtual-display';

const FIELD = 'college_major';
/** About You's first question: the field whose readiness the mobile first load times. */
const FIRST_QUESTION = 'first_name';
const TEXT = 'History and philosophy of science, with a minor in mathematics and a year of economics in London.';
const WARM_UP_TEXT = 'Warm up';
const TYPING_INTERVAL_MS = 100;
/** Event Timing's smallest durationThreshold: shorter events are never reported. */
const EVENT_THRESHOLD_MS = 16;
const EVENT_TYPES = ['keydown', 'keypress', 'input'] as const;
/** Fresh loads of each page under the mobile settings; the median is reported. */
const FIRST_LOADS = 3;
/** Unthrottled, then Lighthouse's mobile CPU setting. */
const CPU_RATES = [1, 4] as const;

interface Timings {
  events: { name: string; duration: number; interactionId: number }[];
  frames: number[];
  keystrokes: number;
}

declare global {
  interface Window {
    benchTimings?: Timings;
    benchObserver?: PerformanceObserver;
  }
}

/** Starts both clocks in the page; runs in the browser. */
function installProbes(threshold: number): void {
  const timings: Timings = { events: [], frames: [], keystrokes: 0 };
  window.benchTimings = timings;
  // Held on the window: an observer nothing references can be garbage-collected mid-run.
  window.benchObserver = new PerformanceObserver((list) => {
    // interactionId is newer than TypeScript's DOM types.
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
      timings.events.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId ?? 0 });
    }
  });
  window.benchObserver.observe({ type: 'event', durationThreshold: threshold, buffered: false } as PerformanceObserverInit);
  document.addEventListener(
    'keydown',
    (event) => {
      timings.keystrokes += 1;
      const pressed = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => timings.frames.push(performance.now() - pressed);
        channel.port2.postMessage(null);
      });
    },
    { capture: true },
  );
}

async function typeSlowly(page: Page, text: string): Promise<void> {
  for (const character of text) {
    await page.keyboard.type(character);
    await page.waitForTimeout(TYPING_INTERVAL_MS);
  }
}

/** Types TEXT into the focused field with the probes on; the warm-up goes unmeasured. */
async function measureTyping(page: Page, clear: () => Promise<void>): Promise<Timings> {
  await typeSlowly(page, WARM_UP_TEXT);
  await clear();
  await page.waitForTimeout(500);
  await page.evaluate(installProbes, EVENT_THRESHOLD_MS);
  await typeSlowly(page, TEXT);
  // The last keystroke's paint and its Event Timing entry.
  await page.waitForTimeout(1_000);
  return page.evaluate(() => window.benchTimings!);
}

/** Presentation comes a frame or two after the rendering update the frame probe times. */
const PRESENTATION_SLACK_MS = 250;

/**
 * Event Timing ends at the first frame presented after an event; the frame probe, at the end of
 * the rendering update that drew it. An entry far longer than the slowest probe did not wait for
 * its own frame but for a later paint: the browser withheld the frames' presentation feedback
 * (headless Chromium does on the busiest page), and its figures would be that wait, not typing.
 */
function expectPresentedFrames(timings: Timings, where: string): void {
  const slowestFrame = Math.max(...timings.frames);
  const late = timings.events.filter((entry) => entry.duration > slowestFrame + PRESENTATION_SLACK_MS);
  if (late.length > 0) {
    throw new Error(
      `on ${where}, ${late.length} Event Timing entries last up to ${Math.max(...late.map((entry) => entry.duration)).toFixed(0)} ms while the frame probe's slowest keystroke ` +
        `took ${slowestFrame.toFixed(0)} ms: the browser withheld its frames' presentation feedback, so Event Timing measured a later paint`,
    );
  }
}

interface Summary {
  label: string;
  count: number;
  reported: number;
  median: number;
  p99: number;
}

/** Event Timing durations of one event type; events under the threshold count as under it. */
function eventSummary(timings: Timings, name: string): Summary {
  const reported = timings.events.filter((entry) => entry.name === name).map((entry) => entry.duration);
  const samples = [...reported, ...Array<number>(Math.max(0, timings.keystrokes - reported.length)).fill(0)];
  return { label: name, count: timings.keystrokes, reported: reported.length, median: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** INP-style: each keystroke's longest event (the events of one keystroke share an interactionId). */
function interactionSummary(timings: Timings): Summary {
  const longest = new Map<number, number>();
  for (const entry of timings.events) {
    if (entry.interactionId > 0) longest.set(entry.interactionId, Math.max(longest.get(entry.interactionId) ?? 0, entry.duration));
  }
  const reported = [...longest.values()];
  const samples = [...reported, ...Array<number>(Math.max(0, timings.keystrokes - reported.length)).fill(0)];
  return { label: 'keystroke (longest event)', count: timings.keystrokes, reported: reported.length, median: percentile(samples, 50), p99: percentile(samples, 99) };
}

const eventMs = (value: number) => (value < EVENT_THRESHOLD_MS ? `<${EVENT_THRESHOLD_MS}` : value.toFixed(0)).padStart(4);
const ratio = (value: number, base: number) =>
  value < EVENT_THRESHOLD_MS && base < EVENT_THRESHOLD_MS ? '   ~1x' : base < EVENT_THRESHOLD_MS ? `>${(value / EVENT_THRESHOLD_MS).toFixed(1)}x` : `${(value / base).toFixed(1).padStart(5)}x`;

function report(form: Timings, bare: Timings, rate: number): void {
  console.log(`\n-- CPU ${rate === 1 ? 'as the machine runs (not throttled)' : `throttled ${rate}x (CDP Emulation.setCPUThrottlingRate)`}`);
  console.log(`Event Timing (from the input's timestamp to the next paint; reported from ${EVENT_THRESHOLD_MS} ms, in 8 ms steps)`);
  console.log(`  ${'event'.padEnd(27)} ${'bare <input>'.padEnd(36)} busiest form page`);
  const rows = [...EVENT_TYPES.map((name) => [eventSummary(form, name), eventSummary(bare, name)] as const), [interactionSummary(form), interactionSummary(bare)] as const];
  for (const [onForm, onBare] of rows) {
    const cell = (summary: Summary) => `median ${eventMs(summary.median)} ms  p99 ${eventMs(summary.p99)} ms  (${summary.reported}/${summary.count} ≥${EVENT_THRESHOLD_MS})`;
    console.log(`  ${onForm.label.padEnd(27)} ${cell(onBare).padEnd(36)} ${cell(onForm)}   median ${ratio(onForm.median, onBare.median)}  p99 ${ratio(onForm.p99, onBare.p99)} baseline`);
  }

  // Seen in headless Chromium on this page: entries stop arriving after the first keystrokes
  // although the frame probe shows most keystrokes past the threshold. Say so rather than report
  // the missing ones as fast.
  const slowFrames = form.frames.filter((frame) => frame >= EVENT_THRESHOLD_MS).length;
  const reportedKeystrokes = interactionSummary(form).reported;
  if (reportedKeystrokes < slowFrames / 2) {
    console.log(
      `  note: Chromium delivered Event Timing entries for ${reportedKeystrokes} of the ${form.keystrokes} keystrokes on the form page, while the frame probe ` +
        `saw ${slowFrames} of them take ${EVENT_THRESHOLD_MS} ms or more: the form's Event Timing figures undercount; read the frame probe below.`,
    );
  }

  console.log('\nframe probe (from each keydown to the end of the next rendering update, every keystroke)');
  const at = (frames: number[], p: number) => percentile(frames, p).toFixed(1).padStart(6);
  const times = (frames: number[], base: number[], p: number) => `${(percentile(frames, p) / percentile(base, p)).toFixed(1)}x`;
  const frameLine = (label: string, frames: number[], base?: number[]) =>
    console.log(
      `  ${label.padEnd(27)} median ${at(frames, 50)} ms   p95 ${at(frames, 95)} ms   p99 ${at(frames, 99)} ms   (${frames.length} keystrokes)` +
        (base ? `   median ${times(frames, base, 50)}  p95 ${times(frames, base, 95)}  p99 ${times(frames, base, 99)} baseline` : ''),
    );
  frameLine('baseline: bare <input>', bare.frames);
  frameLine('busiest form page', form.frames, bare.frames);
  // INP is the page's worst interaction but one in fifty: here the 98th percentile keystroke.
  const inp = percentile(longestPerKeystroke(form), 98);
  console.log(`  INP (Event Timing, 98th percentile keystroke): ${eventMs(inp).trim()} ms${reportedKeystrokes < slowFrames / 2 ? ' (undercounted, see the note)' : ''}`);
}

function longestPerKeystroke(timings: Timings): number[] {
  const longest = new Map<number, number>();
  for (const entry of timings.events) if (entry.interactionId > 0) longest.set(entry.interactionId, Math.max(longest.get(entry.interactionId) ?? 0, entry.duration));
  return [...longest.values(), ...Array<number>(Math.max(0, timings.keystrokes - longest.size)).fill(0)];
}

interface TraceEvent {
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
function summarizeTrace(trace: { traceEvents: TraceEvent[] }, keystrokes: number): void {
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

async function throttle(context: BrowserContext, page: Page, rate: number): Promise<void> {
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
}

async function measureBare(browser: Browser, rate: number): Promise<Timings> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await throttle(context, page, rate);
  await page.setContent('<!doctype html><label for="plain">Plain</label> <input id="plain" maxlength="200">');
  await page.focus('#plain');
  const timings = await measureTyping(page, () => page.fill('#plain', ''));
  await context.close();
  return timings;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Median ms, over fresh contexts under the mobile settings, until `selector` is ready in `url`. */
async function firstInputOnMobile(browser: Browser, url: string, selector: string, storageState?: StorageState): Promise<number[]> {
  const times: number[] = [];
  for (let load = 0; load < FIRST_LOADS; load += 1) {
    const context = await browser.newContext(storageState ? { storageState } : {});
    if (storageState) {
      // The form opens on the last page an applicant was on (the keystroke run left Your Academics).
      const { origin } = new URL(url);
      const stored = await context.request.put(`${origin}${apiPaths.lastPage}`, { data: { last_page: new URL(url).pathname }, headers: { origin } });
      if (!stored.ok()) throw new Error(`last page: ${stored.status()} ${await stored.text()}`);
    }
    const page = await context.newPage();
    await emulateMobile(context, page);
    await watchForReady(page, selector);
    await page.goto(url, { timeout: 120_000 });
    times.push(await readyAt(page));
    if (selector.startsWith('#')) await expectTakesInput(page, selector);
    await context.close();
  }
  return times;
}

async function reportFirstInputOnMobile(browser: Browser, aboutURL: string, applicant: StorageState): Promise<void> {
  const helloDir = tempDir('hello');
  try {
    await buildHelloReact(helloDir);
    const hello = await serveFolder(helloDir);
    try {
      console.log(
        `\n-- first load on a phone: CPU throttled ${MOBILE.cpuRate}x, network ${MOBILE.latencyMs} ms round trip, ${MOBILE.downBitsPerSecond / 1e6} Mbit/s down, ${MOBILE.upBitsPerSecond / 1e3} kbit/s up (CDP; Lighthouse's mobile settings), an empty cache each time`,
      );
      const helloTimes = await firstInputOnMobile(browser, `${hello.baseURL}/`, 'h1');
      const baseline = percentile(helloTimes, 50);
      const line = (label: string, times: number[]) => {
        const median = percentile(times, 50);
        console.log(`  ${label.padEnd(60)} median ${median.toFixed(0).padStart(5)} ms  (${times.map((time) => time.toFixed(0)).join(', ')})  ${(median / baseline).toFixed(1)}x baseline`);
      };
      line("baseline: React 'hello' has rendered its heading", helloTimes);
      line('a visitor opens /about: the first question takes input', await firstInputOnMobile(browser, aboutURL, `#${FIRST_QUESTION}`));
      line('the busiest applicant opens /about: the first question takes input', await firstInputOnMobile(browser, aboutURL, `#${FIRST_QUESTION}`, applicant));
    } finally {
      await hello.stop();
    }
  } finally {
    fs.rmSync(helloDir, { recursive: true, force: true });
  }
}

export async function runKeystrokeLatencyBenchmark(): Promise<void> {
  const rendererDir = tempDir('renderer');
  try {
    await buildRenderer(rendererDir);
    // The typing is timed in a Chromium drawn on a virtual display: headless Chromium withholds the
    // presentation feedback of frames on the busiest page, so its Event Timing entries waited for
    // some later paint (5 to 11 s each; docs/performance.md).
    const display = await startVirtualDisplay();
    const drawing = await chromium
      .launch({ ...chromiumLaunchOptions, headless: false, args: chromiumLaunchOptions.args?.filter((arg) => arg !== '--headless'), env: { ...process.env, DISPLAY: display.display } })
      .catch((error: unknown) => {
        display.stop();
        throw error;
      });
    const server = await startBackend(rendererDir);
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const context = await browser.newContext();
      const request = context.request;
      const headers = { origin: server.baseURL };
      await logInNewApplicant(request, server, 'bench-keystroke');
      const answers = busiestApplication();
      const saved = await request.put(`${server.baseURL}${apiPaths.answer}`, { data: answers, headers });
      if (!saved.ok()) throw new Error(`saving the answers: ${saved.status()} ${await saved.text()}`);
      const slots = await request.put(`${server.baseURL}${apiPaths.addAnother}`, { data: { button_id: collegeBlock.id, num_components: collegeBlock.max }, headers });
      if (!slots.ok()) throw new Error(`showing every college: ${slots.status()} ${await slots.text()}`);
      // What an attempt to go on does: the status moves to validating, and errors show from then on.
      for (const status of ['started', 'validating']) {
        const moved = await request.post(`${server.baseURL}${apiPaths.webStatus}`, { data: { web_status: status }, headers });
        if (!moved.ok()) throw new Error(`web status ${status}: ${moved.status()} ${await moved.text()}`);
      }
      const state = await context.storageState();
      await context.close();

      const tracePath = process.env.BENCH_TRACE;
      for (const rate of CPU_RATES) {
        const bare = await measureBare(drawing, rate);
        const formContext = await drawing.newContext({ storageState: state });
        const page = await formContext.newPage();
        await page.goto(`${server.baseURL}${educationPage.path}`);
        const field = page.locator(`#${FIELD}`);
        await field.waitFor();
        await page.waitForLoadState('networkidle');
        await throttle(formContext, page, rate);
        const inputs = await page.locator('input, select, textarea').count();
        const forms = await page.locator('form').count();
        await field.fill('');
        const invalid = await page.locator('[aria-invalid="true"]').count();
        if (rate === CPU_RATES[0]) {
          console.log(
            `${educationPage.title} (${educationPage.path}) with ${collegeBlock.max} colleges: ${inputs} inputs, selects and textareas in ${forms} <form> element(s); ` +
              `${Object.keys(answers).length} answers stored; status validating; ${invalid} field(s) shown invalid once ${FIELD} is cleared`,
          );
          console.log(`typing ${TEXT.length} characters into ${FIELD}, one every ${TYPING_INTERVAL_MS} ms, after ${WARM_UP_TEXT.length} to warm up`);
        }
        // Clearing shows the error summary, which takes focus (as it should); the typing goes back to the field.
        const clear = async () => {
          await field.fill('');
          await page.waitForTimeout(200);
          await field.focus();
        };
        await clear();
        const tracing = Boolean(tracePath) && rate === 1;
        const traceFile = tracePath && tracePath !== '1' ? tracePath : `${rendererDir}/trace.json`;
        if (tracing) {
          await drawing.startTracing(page, { path: traceFile, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8.execute', 'toplevel'] });
        }
        const form = await measureTyping(page, clear);
        if (tracing) await drawing.stopTracing();
        const typed = await field.inputValue();
        if (typed !== TEXT) throw new Error(`the field holds "${typed}", not the text typed`);
        await formContext.close();
        expectPresentedFrames(form, 'the busiest form page');
        expectPresentedFrames(bare, 'the bare <input>');
        report(form, bare, rate);
        if (tracing) summarizeTrace(JSON.parse(fs.readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] }, form.keystrokes);
      }
      await reportFirstInputOnMobile(browser, `${server.baseURL}/about`, state);
    } finally {
      await drawing.close();
      display.stop();
      await browser.close();
      await server.stop();
    }
  } finally {
    fs.rmSync(rendererDir, { recursive: true, force: true });
  }
}
