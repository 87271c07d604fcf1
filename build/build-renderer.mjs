// Builds the renderer to dist/renderer with Vite (a devDependency: a production image builds
// here, then prunes dev dependencies and ships dist/).
import { outputs, root, sourceFingerprint, writeFingerprint } from './build-inputs.mjs';
import path from 'node:path';

export async function buildRenderer() {
  let vite;
  try {
    vite = await import('vite');
  } catch {
    throw new Error(
      `${outputs.renderer.dir} is missing or older than renderer/, and Vite (a devDependency) is not installed. ` +
        'Build on a machine with the dev dependencies (`npm ci && npm run build`) and ship dist/ with the app.',
    );
  }
  const fingerprint = sourceFingerprint('renderer');
  // Vite's build sets process.env.NODE_ENV to 'production' when it is unset, and `npm start` runs
  // the server in this same process after building: the server would then take a development
  // machine for production (and refuse to start without production's settings). Put it back.
  // eslint-disable-next-line no-restricted-properties -- not a setting read here: what Vite writes into this process is put back
  const env = process.env;
  const nodeEnv = env.NODE_ENV;
  try {
    await vite.build({ configFile: path.join(root, 'renderer/vite.config.ts'), logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete env.NODE_ENV;
    else env.NODE_ENV = nodeEnv;
  }
  if (fingerprint) writeFingerprint('renderer', fingerprint);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildRenderer();
