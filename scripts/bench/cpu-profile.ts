// Reading a V8 CPU profile (`node --cpu-prof`) by function, for the benchmarks that profile the
// backend (server-profile.ts, the load benchmark's deadline run): self time by place and by
// function, inclusive time of our own functions, and the long tasks, the stretches in which the
// main thread never went idle (what an event loop's delay is made of).
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stretch of the profile's clock (µs of the monotonic clock, which process.hrtime reads too). */
export interface Window {
  label: string;
  fromUs: number;
  toUs: number;
}

export const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** The largest .cpuprofile in `dir` that was not among `before` (the main thread's; workers write smaller ones). */
export function readNewestProfile(dir: string, before: ReadonlySet<string>): { file: string; profile: CpuProfile } {
  const written = fs.readdirSync(dir).filter((file) => file.endsWith('.cpuprofile') && !before.has(file));
  const file = written.map((name) => path.join(dir, name)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  if (!file) throw new Error(`the backend wrote no profile into ${dir}`);
  return { file, profile: JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile };
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

/** A frame's file: a package's folder, or our own file's path (tsx's line numbers say little). */
function fileOf(frame: ProfileNode['callFrame']): string {
  const place = placeOf(frame);
  if (!/^(backend|common|scripts)\//.test(place)) return `${place}:${frame.lineNumber + 1}`;
  return path.relative(repoRoot, frame.url.replace(/^file:\/\//, ''));
}

const nameOf = (frame: ProfileNode['callFrame']) => `${frame.functionName || '(anonymous)'} ${fileOf(frame)}`;
const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);

interface Tallies {
  selfByPlace: Map<string, number>;
  selfByFunction: Map<string, number>;
  inclusive: Map<string, number>;
  /** The native writes' self time by where the bytes went (`writeDestination`). */
  writes: Map<string, number>;
}

function tallies(): Tallies {
  return { selfByPlace: new Map(), selfByFunction: new Map(), inclusive: new Map(), writes: new Map() };
}

/** Node's native write calls: a socket's or a file's bytes handed to the kernel. */
const NATIVE_WRITES = new Set(['writev', 'writeBuffer', 'writeString', 'writeUtf8String', 'writeLatin1String']);
/** Where a native write's bytes went, by the first caller that says: PostgreSQL, an HTTP answer or the log. */
const WRITE_DESTINATIONS: [RegExp, string][] = [
  [/node_modules\/(pg|pg-protocol)\//, 'to PostgreSQL'],
  [/node:_http_outgoing/, 'HTTP answers'],
  [/node_modules\/(sonic-boom|pino)\//, 'the log'],
];

/** A long task: from the first busy sample to the next idle one, with what ran in it. */
interface LongTask {
  atUs: number;
  us: number;
  tallies: Tallies;
}

const top = (map: Map<string, number>, count: number, share: (us: number) => string) =>
  [...map]
    .filter(([key]) => !key.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `    ${share(us)}  ${key}`)
    .join('\n');

/**
 * Self time by place and by function, and inclusive time of our own functions, inside the window;
 * then the tasks longer than `longTaskMs` (the loop busy without a break), how many and how long,
 * and what the longest of them ran, summed (by our own functions' inclusive time).
 */
export function summarize(profile: CpuProfile, window: Window, longTaskMs = 0): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const whole = tallies();
  const tasks: LongTask[] = [];
  let task: LongTask | null = null;
  let at = profile.startTime;
  let total = 0;
  const count = (into: Tallies, node: ProfileNode, us: number) => {
    add(into.selfByPlace, placeOf(node.callFrame), us);
    add(into.selfByFunction, nameOf(node.callFrame), us);
    const seen = new Set<string>();
    let destination = NATIVE_WRITES.has(node.callFrame.functionName) && !node.callFrame.url ? 'elsewhere' : null;
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const { callFrame } = byId.get(id)!;
      const found = destination === 'elsewhere' ? WRITE_DESTINATIONS.find(([url]) => url.test(callFrame.url)) : undefined;
      if (found) destination = found[1];
      if (!/^(backend|common)\//.test(placeOf(callFrame))) continue;
      const name = nameOf(callFrame);
      if (!seen.has(name)) add(into.inclusive, name, us);
      seen.add(name);
    }
    if (destination) add(into.writes, destination, us);
  };
  for (let index = 0; index < profile.samples.length; index += 1) {
    at += profile.timeDeltas[index]!;
    const us = profile.timeDeltas[index + 1] ?? 0;
    if (at < window.fromUs || at > window.toUs) continue;
    const node = byId.get(profile.samples[index]!)!;
    total += us;
    count(whole, node, us);
    if (node.callFrame.functionName === '(idle)') {
      if (task && task.us >= longTaskMs * 1000) tasks.push(task);
      task = null;
      continue;
    }
    task ??= { atUs: at, us: 0, tallies: tallies() };
    task.us += us;
    if (longTaskMs > 0) count(task.tallies, node, us);
  }
  const idle = whole.selfByPlace.get('(idle)') ?? 0;
  const busy = total - idle;
  const share = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms`;
  const lines = [
    `  main thread: ${(busy / 1000).toFixed(0)} ms busy of ${(total / 1000).toFixed(0)} ms sampled (${((100 * busy) / Math.max(total, 1)).toFixed(0)} %)`,
    '  self time by place (share of the busy time):',
    top(whole.selfByPlace, 16, share),
    '  self time by function:',
    top(whole.selfByFunction, 25, share),
    '  inclusive time of our own functions (backend/, common/):',
    top(whole.inclusive, 30, share),
    "  native writes' self time by where the bytes went:",
    top(whole.writes, 4, share),
  ];
  if (longTaskMs > 0) lines.push(...describeLongTasks(tasks, longTaskMs, window));
  return lines.join('\n');
}

function describeLongTasks(tasks: readonly LongTask[], longTaskMs: number, window: Window): string[] {
  const longest = [...tasks].sort((a, b) => b.us - a.us);
  const sum = tallies();
  const worst = longest.slice(0, 20);
  for (const task of worst) for (const key of Object.keys(sum) as (keyof Tallies)[]) for (const [name, us] of task.tallies[key]) add(sum[key], name, us);
  const worstUs = worst.reduce((total, task) => total + task.us, 0);
  const share = (us: number) => `${((100 * us) / Math.max(1, worstUs)).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms`;
  return [
    `  tasks of ${longTaskMs} ms or more (the main thread busy without going idle): ${tasks.length}, ${(tasks.reduce((total, task) => total + task.us, 0) / 1000).toFixed(0)} ms in all; longest ${longest
      .slice(0, 8)
      .map((task) => `${(task.us / 1000).toFixed(0)} ms at ${((task.atUs - window.fromUs) / 1e6).toFixed(1)} s`)
      .join(', ')}`,
    `  in the ${worst.length} longest, self time by function:`,
    top(sum.selfByFunction, 20, share),
    `  in the ${worst.length} longest, inclusive time of our own functions:`,
    top(sum.inclusive, 25, share),
  ];
}

// `node --import tsx scripts/bench/cpu-profile.ts <file.cpuprofile> [long task ms]`: any profile
// read the same way, the whole of it (a server run by hand under `--cpu-prof`, a profile kept from a run).
if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, longTaskMs = '20'] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node --import tsx scripts/bench/cpu-profile.ts <file.cpuprofile> [long task ms]');
    process.exit(2);
  }
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  console.log(summarize(profile, { label: file, fromUs: 0, toUs: Number.MAX_SAFE_INTEGER }, Number(longTaskMs)));
}
