import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';

const rendererRoot = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://127.0.0.1:8080';

// In development the backend owns every non-renderer path, so the browser sees one origin as in production.
const proxied = ['/api', '/public', '/service', '/lookup', '/health'];

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

export default defineConfig({
  root: rendererRoot,
  plugins: [react(), precompress()],
  // Assets imported from the app live under src/; nothing is copied verbatim.
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, proxy])),
  },
});
