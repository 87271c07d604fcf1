import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig } from 'vite';

type BuildResult = Awaited<ReturnType<typeof build>>;
export type BuildOutput = Extract<BuildResult, { output: unknown }>;
export type OutputChunk = Extract<BuildOutput['output'][number], { type: 'chunk' }>;

const rendererConfig = fileURLToPath(new URL('../../renderer/vite.config.ts', import.meta.url));
const helloRoot = fileURLToPath(new URL('./hello-react', import.meta.url));

/** A fresh temporary folder; the caller removes it. */
export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `gradapp-bench-${label}-`));
}

async function viteBuild(config: InlineConfig): Promise<BuildOutput> {
  const result = await build({ logLevel: 'warn', ...config });
  const output = Array.isArray(result) ? result[0] : result;
  if (!output || !('output' in output)) throw new Error('vite build returned no bundle');
  return output;
}

/**
 * The renderer as `npm run build` makes it (renderer/vite.config.ts), written to `outDir` with its
 * manifest and, for the bundle's listing, hidden source maps (the chunks' code is unchanged).
 */
export function buildRenderer(outDir: string): Promise<BuildOutput> {
  return viteBuild({ configFile: rendererConfig, build: { outDir, emptyOutDir: true, manifest: true, sourcemap: 'hidden' } });
}

/** The baseline app: React 19 and react-dom rendering one heading, built the same way. */
export function buildHelloReact(outDir: string): Promise<BuildOutput> {
  return viteBuild({ configFile: false, root: helloRoot, plugins: [react()], publicDir: false, build: { outDir, emptyOutDir: true, manifest: true } });
}
