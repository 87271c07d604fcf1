/** The entries of these keys only (a question's answers or messages out of the whole form's). */
export function pick<T>(record: Readonly<Record<string, T>>, keys: readonly string[]): Record<string, T> {
  const picked: Record<string, T> = {};
  for (const key of keys) if (key in record) picked[key] = record[key]!;
  return picked;
}

/** The same keys, each with a value `same` finds equal: a slice that need not re-render anything. */
export function sameEntries<T>(a: Readonly<Record<string, T>>, b: Readonly<Record<string, T>>, same: (x: T, y: T) => boolean): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && same(a[key]!, b[key]!));
}
