/** How long the browser may keep work asked for at its first idle moment waiting. */
const IDLE_TIMEOUT_MS = 2_000;

/** Runs `run` at the browser's next idle moment (at most IDLE_TIMEOUT_MS away); returns a cancel. */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 0);
  return () => window.clearTimeout(handle);
}
