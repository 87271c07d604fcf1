// Lint: no circle between folders (issue 27 item 4). madge --circular finds circles between files;
// this finds them one level up, where a feature folder and a layer folder import each other through
// different files and so make no file circle. Each first-level folder of a root is one node (its
// sub-folders belong to it) and the root's own files are the node '.', so the app assembly at the
// top of backend/ may import every feature, and nothing may import it back.
// Usage: node build/lint-folder-circles.mjs [root ...] (default: backend common scripts electron renderer/src/features; issue 36 item 4).
// With --floors it also prints each root's layers, floor by floor from the bottom: a folder imports
// only folders on floors below its own (`npm run layers` for backend: where a newcomer sees them).
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
    // madge lists a file outside the root with a leading ../; other roots have their own check.
    if (file.startsWith('../')) continue;
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const imported of imports) {
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

/**
 * The floors of a folder graph without a circle, from the bottom: floor 1 imports no other folder,
 * and each folder stands one floor above the highest folder it imports. Each floor sorted.
 */
export function folderFloors(graph) {
  const floor = new Map();
  const floorOf = (folder) => {
    if (!floor.has(folder)) {
      floor.set(folder, 1);
      floor.set(folder, 1 + Math.max(0, ...[...(graph.get(folder) ?? [])].map(floorOf)));
    }
    return floor.get(folder);
  };
  const floors = [];
  for (const folder of [...graph.keys()].sort()) (floors[floorOf(folder) - 1] ??= []).push(folder);
  return floors.map((folders) => folders.sort());
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

/** A directory's file graph, read as lint reads it (.madgerc), and its folder graph. */
async function readFolderGraph(dir) {
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, '.madgerc'), 'utf8'));
  const result = await madge(dir, { ...config, tsConfig: path.join(ROOT, config.tsConfig) });
  const fileGraph = result.obj();
  return { fileGraph, graph: folderGraph(fileGraph) };
}

async function main(roots, printFloors) {
  let failed = false;
  for (const root of roots) {
    const { fileGraph, graph } = await readFolderGraph(path.resolve(ROOT, root));
    const circles = folderCircles(graph);
    for (const circle of circles) {
      failed = true;
      console.error(`Folder circle in ${root}/: ${circle.join(' <-> ')} (issue 27 item 4)`);
      for (const line of circleImports(fileGraph, circle)) console.error(`  ${line}`);
    }
    if (printFloors && circles.length === 0) {
      console.log(`${root}/, floor by floor from the bottom (a folder imports only folders below it; '.' is the root's own files):`);
      folderFloors(graph).forEach((folders, index) => console.log(`  floor ${index + 1}: ${folders.join(', ')}`));
    }
  }
  if (failed) process.exitCode = 1;
  else console.log(`No folder circle in ${roots.join(', ')}.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const roots = args.filter((arg) => arg !== '--floors');
  await main(roots.length > 0 ? roots : DEFAULT_ROOTS, args.includes('--floors'));
}
