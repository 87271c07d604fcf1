// The application shell for a page loaded without a connection (issue 17, item 8): a reload
// while offline must show the form with the answers still waiting in the browser. Only the shell
// is kept here (index.html and the hashed assets), never an API answer: the applicant's data stays
// out of the Cache Storage. Served as /sw.js (renderer/vite.config.ts), registered by
// renderer/src/lib/service-worker.ts.
// The build names the cache after its files (renderer/vite.config.ts); a new build's worker
// deletes the old one's cache on activation.
const SHELL_CACHE = 'gradapp-shell-dev';
const SHELL_KEY = '/index.html';

// The shell is kept at install: the page that registers the worker came from the network.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch('/', { cache: 'no-cache' });
      if (response.ok) await (await caches.open(SHELL_CACHE)).put(SHELL_KEY, response);
      await self.skipWaiting();
    })(),
  );
});

// The page names the assets it loaded before the worker controlled it (lib/service-worker.ts).
self.addEventListener('message', (event) => {
  const urls = event.data?.type === 'keep-assets' && Array.isArray(event.data.urls) ? event.data.urls : [];
  const assets = urls.map((url) => new URL(String(url), self.location.origin)).filter((url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'));
  event.waitUntil(Promise.all(assets.map((url) => cacheFirst(new Request(url.pathname)).catch(() => undefined))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== SHELL_CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(networkFirstShell(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
});

// Every page is index.html (the router reads the path), so one copy serves any path offline.
async function networkFirstShell(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    const isShell = response.ok && (response.headers.get('Content-Type') ?? '').includes('text/html');
    if (isShell) await cache.put(SHELL_KEY, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(SHELL_KEY);
    if (kept) return kept;
    throw error;
  }
}

// Hashed file names never change content: the copy is always right.
async function cacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}
