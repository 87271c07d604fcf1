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
  await vite.build({ configFile: path.join(root, 'renderer/vite.config.ts'), logLevel: 'warn' });
  if (fingerprint) writeFingerprint('renderer', fingerprint);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildRenderer();
