/** Where the built service worker is served (renderer/vite.config.ts writes it there). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker that keeps the application shell, so a reload without a
 * connection still opens the form (issue 17, item 8). Only in a production build: the dev
 * server's modules are not the shell. A browser without service workers simply goes without.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(SERVICE_WORKER_URL)
    .then(() => navigator.serviceWorker.ready)
    // What this page loaded before the worker controlled it is kept too: the next load may be offline.
    .then((registration) => {
      const worker = registration.active;
      worker?.postMessage({ type: 'keep-assets', urls: loadedAssets() });
      // Chunks loaded later (the form's shell, a widget's library, the validation: issue 18, item
      // 2) are named as they arrive, whether or not the worker controls the page by then: a chunk
      // whose request began before the worker took control reports after it, and the worker never
      // saw that request. The worker keeps each file once; naming a kept one again costs nothing.
      if (!worker || typeof PerformanceObserver === 'undefined') return;
      new PerformanceObserver((list) => {
        const urls = assetsOf(list.getEntries().map((entry) => entry.name));
        if (urls.length > 0) worker.postMessage({ type: 'keep-assets', urls });
      }).observe({ type: 'resource', buffered: true });
    })
    .catch((error: unknown) => {
      console.error('The service worker could not be registered; a reload without a connection will not open the form.', error);
    });
}

function loadedAssets(): string[] {
  return assetsOf(performance.getEntriesByType('resource').map((entry) => entry.name));
}

function assetsOf(urls: readonly string[]): string[] {
  return [...new Set(urls.filter((url) => new URL(url).pathname.startsWith('/assets/')))];
}
