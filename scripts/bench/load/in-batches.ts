// The load benchmark's applicants are made and checked a few at a time: the server is not the thing measured then.

/** Runs `work` over `items`, `concurrency` at a time. */
export async function inBatches<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}
