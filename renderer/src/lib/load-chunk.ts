/**
 * Loads a lazily loaded chunk (a page, the form's shell, a widget's library: issue 18, item 2) and
 * never fails for want of a connection: when the download fails, it is tried again as soon as the
 * browser is online, then after a growing pause (1 s up to 30 s), until it arrives. Whatever waits
 * on it keeps showing its fallback meanwhile (a spinner, a widget's plain field) instead of the
 * page falling into the error screen, so an outage while a chunk is on its way loses nothing
 * (issue 17, item 8). A chunk that loaded once is never fetched again (React keeps it).
 */
export function loadChunk<T>(load: () => Promise<T>, pauses: readonly number[] = RETRY_PAUSES_MS): Promise<T> {
  return new Promise<T>((resolve) => {
    let attempt = 0;
    const tryOnce = () => {
      load().then(resolve, () => {
        const pause = pauses[Math.min(attempt, pauses.length - 1)] ?? 0;
        attempt += 1;
        void whenOnline().then(() => setTimeout(tryOnce, pause));
      });
    };
    tryOnce();
  });
}

const RETRY_PAUSES_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** Resolves at once when the browser believes it is online, else at its next `online` event. */
function whenOnline(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false || typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}
