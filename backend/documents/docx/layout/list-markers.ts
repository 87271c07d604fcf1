/** Word's default bullets by nesting level, in characters the standard fonts have. */
const BULLETS = ['\u2022', '\u2013', '\u00b7'];

function letters(n: number): string {
  let label = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) label = String.fromCharCode(97 + ((rest - 1) % 26)) + label;
  return label;
}

function roman(n: number): string {
  const numerals: [number, string][] = [
    [1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'],
    [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i'],
  ];
  let rest = n;
  let label = '';
  for (const [value, numeral] of numerals) {
    for (; rest >= value; rest -= value) label += numeral;
  }
  return label;
}

/**
 * The marker of the `index`-th item (from 0) of a list nested `depth` deep. mammoth keeps whether
 * a list is numbered but not its format, so numbers follow Word's default: 1., a., i., again.
 */
export function listMarker(ordered: boolean, index: number, depth: number): string {
  if (!ordered) return BULLETS[depth % BULLETS.length]!;
  const n = index + 1;
  const label = [String(n), letters(n), roman(n)][depth % 3]!;
  return `${label}.`;
}
