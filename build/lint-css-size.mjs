// Lint: a stylesheet stays under the size rule the code has (issue 36 item 4): 300 lines, as
// eslint's max-lines for a module. A longer one is split by what it styles.
// Usage: node build/lint-css-size.mjs [folder ...] (default: renderer).
import fs from 'node:fs';
import path from 'node:path';

export const MAX_CSS_LINES = 300;
const ROOT = path.resolve(import.meta.dirname, '..');

/** The .css files below `folder`, skipping node_modules and build output. */
function cssFiles(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

const folders = process.argv.slice(2);
const roots = folders.length > 0 ? folders.map((folder) => path.resolve(folder)) : [path.join(ROOT, 'renderer')];
const tooLong = roots
  .flatMap(cssFiles)
  .map((file) => ({ file, lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
  .filter(({ lines }) => lines > MAX_CSS_LINES);
for (const { file, lines } of tooLong) console.error(`${path.relative(process.cwd(), file)}: ${lines} lines; a stylesheet has at most ${MAX_CSS_LINES} (split it by what it styles)`);
if (tooLong.length > 0) process.exit(1);
console.log(`No stylesheet over ${MAX_CSS_LINES} lines.`);
