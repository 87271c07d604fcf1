// `npm start` and `npm run migrate`: builds what is missing or stale (build-inputs.mjs), then runs
// the compiled entry point in this very process, so the signals a supervisor sends (SIGTERM from
// systemd, Docker or npm) reach the server's own handlers and its graceful shutdown.
//   node build/start.mjs           the server (dist/backend/main.mjs)
//   node build/start.mjs migrate   the migrations (dist/backend/migrate.mjs)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isStale, outputs, root } from './build-inputs.mjs';

const command = process.argv[2] ?? 'serve';
if (command !== 'serve' && command !== 'migrate') {
  console.error(`start: unknown command "${command}" (serve or migrate).`);
  process.exit(2);
}

try {
  if (isStale('backend')) {
    console.log('start: compiling the backend (dist/backend)');
    await (await import('./build-backend.mjs')).buildBackend();
  }
  if (command === 'serve' && isStale('renderer')) {
    console.log('start: building the renderer (dist/renderer)');
    await (await import('./build-renderer.mjs')).buildRenderer();
  }
} catch (error) {
  console.error(`start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

// Stack traces in the log name backend/ files and lines, not the bundle's.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, outputs.backend.dir, command === 'serve' ? 'main.mjs' : 'migrate.mjs')).href);
