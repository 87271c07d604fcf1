// Compiles electron/ to dist/electron with esbuild (installed with Vite). Two bundles, both
// CommonJS: the main process (index.ts and everything it imports from electron/ and common/),
// and the preload, which must be a single file because a sandboxed preload can require nothing
// but 'electron'. 'electron' itself stays external: Electron provides it at run time.
//
// dist/electron is also the app directory electron-builder packages (build/electron-builder.yml),
// so this writes a package.json of its own there, without dependencies: the shells need no
// node_modules, and none of the backend's (better-sqlite3 included) ends up in an installer.
//
// GRADAPP_APP_URL and GRADAPP_SHELL_MODE, when set at build time, are built in as the defaults
// of the packaged shell (flags and the environment still win at run time): an installed viewer
// launched by a gradapp:// link gets no flags.
import { build } from 'esbuild';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist/electron');

// This script is the packaging step's configuration edge: it reads and checks its two settings here, once.
// eslint-disable-next-line no-restricted-properties
const { GRADAPP_APP_URL: builtInAppUrl = '', GRADAPP_SHELL_MODE: builtInMode = '' } = process.env;
if (builtInAppUrl && !/^https?:\/\//.test(builtInAppUrl)) throw new Error(`GRADAPP_APP_URL must be http:// or https:// (got "${builtInAppUrl}").`);
if (builtInMode && builtInMode !== 'kiosk' && builtInMode !== 'desktop') throw new Error(`GRADAPP_SHELL_MODE must be kiosk or desktop (got "${builtInMode}").`);

const shared = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node22',
  external: ['electron'],
  sourcemap: true,
  logLevel: 'info',
  outExtension: { '.js': '.cjs' },
  outdir,
};

await build({
  ...shared,
  entryPoints: { main: path.join(root, 'electron/index.ts') },
  define: {
    'process.env.GRADAPP_BUILT_IN_APP_URL': JSON.stringify(builtInAppUrl),
    'process.env.GRADAPP_BUILT_IN_MODE': JSON.stringify(builtInMode),
  },
});
await build({ ...shared, entryPoints: { preload: path.join(root, 'electron/preload/index.ts') } });

const project = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
await mkdir(outdir, { recursive: true });
await writeFile(
  path.join(outdir, 'package.json'),
  `${JSON.stringify(
    {
      name: project.name,
      productName: 'Graduate Application',
      version: project.version,
      description: project.description,
      author: project.author ?? { name: 'Graduate Admissions', email: 'admissions-it@example.edu' },
      license: 'UNLICENSED',
      private: true,
      main: 'main.cjs',
    },
    null,
    2,
  )}\n`,
);
console.log(`dist/electron ready${builtInAppUrl ? ` (built-in application URL ${builtInAppUrl})` : ''}${builtInMode ? ` (built-in mode ${builtInMode})` : ''}`);
