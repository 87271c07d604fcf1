import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { SERVER_PATH_PREFIXES } from '../common/api';
import { precompress } from './precompress';

const rendererRoot = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://127.0.0.1:8080';

// In development the backend owns every non-renderer path, so the browser sees one origin as in production.
const proxied = SERVER_PATH_PREFIXES.map((prefix) => prefix.replace(/\/$/, ''));

// The backend accepts state-changing calls only from its own origins; through this proxy the
// page's origin is the dev server's, which stands in for the backend's.
const proxy: ProxyOptions = {
  target: backend,
  configure: (server) => {
    server.on('proxyReq', (request) => {
      if (request.getHeader('origin')) request.setHeader('origin', backend);
    });
  },
};

/**
 * Writes the service worker (renderer/service-worker/sw.js) as /sw.js, its scope the whole app.
 * Its cache is named after this build's files, so a new build's worker replaces it and the old
 * assets are deleted instead of piling up.
 */
function serviceWorker(): Plugin {
  const source = fileURLToPath(new URL('./service-worker/sw.js', import.meta.url));
  return {
    name: 'gradapp-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const build = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 12);
      const code = fs.readFileSync(source, 'utf8').replace("'gradapp-shell-dev'", `'gradapp-shell-${build}'`);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}

export default defineConfig({
  root: rendererRoot,
  plugins: [react(), serviceWorker(), precompress()],
  // Assets imported from the app live under src/; nothing is copied verbatim.
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      // Other code imports a feature through its public entry (features/<name>/index.ts, issue 27
      // item 4), which only re-exports: what it re-exports but a chunk does not use (a page's
      // buttons, loaded lazily on About You) stays out of that chunk.
      treeshake: { moduleSideEffects: [{ test: /[\\/]renderer[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false }] },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, proxy])),
  },
});
