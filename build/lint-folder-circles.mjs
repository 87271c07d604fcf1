// Lint: no circle between folders (issue 27 item 4). madge --circular finds circles between files;
// this finds them one level up, where a feature folder and a layer folder import each other through
// different files and so make no file circle. Each first-level folder of a root is one node (its
// sub-folders belong to it) and the root's own files are the node '.', so the app assembly at the
// top of backend/ may import every feature, and nothing may import it back.
// Usage: node build/lint-folder-circles.mjs [root ...] (default: backend common scripts electron renderer/src/features; issue 36 item 4).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import madge from 'madge';

const ROOT = path.resolve(import.meta.dirname, '..');
const DEFAULT_ROOTS = ['backend', 'common', 'scripts', 'electron', 'renderer/src/features'];

/** The folder a file (relative to its root, with /) belongs to: its first segment, or '.' at the root. */
export function folderOf(file) {
  const slash = file.indexOf('/');
  return slash === -1 ? '.' : file.slice(0, slash);
}

/** Folder -> the folders its files import, from madge's file graph (paths relative to the root). */
export function folderGraph(fileGraph) {
  const graph = new Map();
  for (const [file, imports] of Object.entries(fileGraph)) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const imported of imports) {
      // madge lists a file outside the root with a leading ../; other roots have their own check.
      if (imported.startsWith('../')) continue;
      const to = folderOf(imported);
      if (to !== from) graph.get(from).add(to);
    }
  }
  return graph;
}

/** The circles of a folder graph: each strongly connected set of two or more folders, sorted (Tarjan). */
export function folderCircles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  let next = 0;
  const visit = (folder) => {
    index.set(folder, next);
    low.set(folder, next);
    next += 1;
    stack.push(folder);
    onStack.add(folder);
    for (const to of graph.get(folder) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(folder, Math.min(low.get(folder), index.get(to)));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const circle = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      circle.push(member);
    } while (member !== folder);
    if (circle.length > 1) circles.push(circle.sort());
  };
  for (const folder of [...graph.keys()].sort()) if (!index.has(folder)) visit(folder);
  return circles.sort((a, b) => a.join().localeCompare(b.join()));
}

/** One line per import that holds a circle together: 'from/file.ts -> to/file.ts'. */
function circleImports(fileGraph, circle) {
  const members = new Set(circle);
  const found = [];
  for (const [file, imports] of Object.entries(fileGraph)) {
    for (const imported of imports) {
      const from = folderOf(file);
      const to = folderOf(imported);
      if (from !== to && members.has(from) && members.has(to) && !imported.startsWith('../')) found.push(`${file} -> ${imported}`);
    }
  }
  return found.sort();
}

/** The folder circles under a directory, each with the imports that make it, read as lint reads them (.madgerc). */
export async function findFolderCircles(dir) {
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, '.madgerc'), 'utf8'));
  const result = await madge(dir, { ...config, tsConfig: path.join(ROOT, config.tsConfig) });
  const fileGraph = result.obj();
  return folderCircles(folderGraph(fileGraph)).map((circle) => ({ circle, imports: circleImports(fileGraph, circle) }));
}

async function main(roots) {
  let failed = false;
  for (const root of roots) {
    for (const { circle, imports } of await findFolderCircles(path.resolve(ROOT, root))) {
      failed = true;
      console.error(`Folder circle in ${root}/: ${circle.join(' <-> ')} (issue 27 item 4)`);
      for (const line of imports) console.error(`  ${line}`);
    }
  }
  if (failed) process.exitCode = 1;
  else console.log(`No folder circle in ${roots.join(', ')}.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main(process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_ROOTS);
}
