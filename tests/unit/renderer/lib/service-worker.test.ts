import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '../../../../renderer/src/lib/service-worker';

/**
 * Issue 17, item 8: every chunk the page loads is named to the service worker, so the next load
 * opens offline. A chunk whose request began before the worker took control of the page reports
 * after it: the worker never saw that request, so it must be named even though a controller is
 * there by then (the offline-saving e2e failed on exactly that race).
 */
type ObserverCallback = (list: { getEntries(): { name: string }[] }) => void;

function fakeBrowser(loaded: string[]) {
  const worker = { postMessage: vi.fn() };
  const observers: { callback: ObserverCallback; options: unknown }[] = [];
  const serviceWorker = {
    controller: null as object | null,
    register: vi.fn(async () => ({})),
    ready: Promise.resolve({ active: worker }),
  };
  vi.stubEnv('PROD', true);
  vi.stubGlobal('navigator', { serviceWorker });
  vi.stubGlobal('performance', { getEntriesByType: () => loaded.map((name) => ({ name })) });
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(private readonly callback: ObserverCallback) {}
      observe(options: unknown) {
        observers.push({ callback: this.callback, options });
      }
    },
  );
  return { worker, observers, serviceWorker };
}

const keptUrls = (worker: { postMessage: ReturnType<typeof vi.fn> }) =>
  worker.postMessage.mock.calls.flatMap(([message]) => (message as { type: string; urls: string[] }).urls);

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('registerServiceWorker', () => {
  it('names the assets loaded before the worker was ready, and only assets', async () => {
    const { worker } = fakeBrowser(['http://127.0.0.1/assets/index-1.js', 'http://127.0.0.1/api/profile', 'http://127.0.0.1/assets/index-1.css']);
    registerServiceWorker();
    await vi.waitFor(() => expect(worker.postMessage).toHaveBeenCalled());
    expect(keptUrls(worker)).toEqual(['http://127.0.0.1/assets/index-1.js', 'http://127.0.0.1/assets/index-1.css']);
  });

  it('names a chunk that reports after the worker took control of the page', async () => {
    const { worker, observers, serviceWorker } = fakeBrowser([]);
    registerServiceWorker();
    await vi.waitFor(() => expect(observers).toHaveLength(1));
    expect(observers[0]!.options).toMatchObject({ type: 'resource', buffered: true });

    serviceWorker.controller = {}; // clients.claim() ran while the chunk was on its way
    observers[0]!.callback({ getEntries: () => [{ name: 'http://127.0.0.1/assets/form-shell-2.js' }] });
    expect(keptUrls(worker)).toContain('http://127.0.0.1/assets/form-shell-2.js');
  });
});
