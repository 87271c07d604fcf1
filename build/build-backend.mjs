// Compiles the backend to dist/backend with esbuild: plain ES modules that `node` runs without
// tsx. Three entry points, side by side so the relative URLs between them hold as in backend/:
//   main.mjs                 the server (backend/main.ts)
//   migrate.mjs              `npm run migrate` (backend/migrate.ts)
//   sandbox-child-entry.mjs  a sandbox process (backend/sandbox/sandbox-child.ts; the pool forks
//                            './sandbox-child-entry.mjs' beside the module that holds it)
// Packages stay external: they are read from node_modules at run time, data files and native
// modules (better-sqlite3) included. Our own data files (backend/lookups/datasets) are copied to
// dist/backend/datasets, where the bundled modules' `new URL('./datasets/...', import.meta.url)` finds them,
// and backend/documents/libreoffice/office-helper.py to dist/backend/office-helper.py.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { outputs, root, sourceFingerprint, writeFingerprint } from './build-inputs.mjs';

/** `outdir` other than dist/backend (a test's) gets no fingerprint: `npm start` never runs it. */
export async function buildBackend(outdir = path.join(root, outputs.backend.dir)) {
  const fingerprint = outdir === path.join(root, outputs.backend.dir) ? sourceFingerprint('backend') : null;
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(root, 'backend/main.ts'),
      migrate: path.join(root, 'backend/migrate.ts'),
      'sandbox-child-entry': path.join(root, 'backend/sandbox/sandbox-child.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  fs.cpSync(path.join(root, 'backend/lookups/datasets'), path.join(outdir, 'datasets'), { recursive: true });
  // The warm LibreOffice's helper, run by Python: the bundled sandbox module finds it beside itself, as in backend/documents/libreoffice/.
  fs.copyFileSync(path.join(root, 'backend/documents/libreoffice/office-helper.py'), path.join(outdir, 'office-helper.py'));
  // Node reads .mjs as ES modules whatever the package.json above says; this keeps tools that look for one content.
  fs.writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
  if (fingerprint) writeFingerprint('backend', fingerprint);
}

// `node build/build-backend.mjs [outdir]`
if (import.meta.url === `file://${process.argv[1]}`) await buildBackend(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
