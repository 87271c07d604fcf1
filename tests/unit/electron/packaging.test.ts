import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

interface BuilderConfig {
  appId: string;
  directories: { app: string };
  protocols: { schemes: string[] }[];
  npmRebuild: boolean;
  linux: { target: string[]; icon: string };
  win: { target: string[]; icon: string };
  mac: { target: string[]; icon: string };
  electronFuses: Record<string, boolean>;
}

function builderConfig(): BuilderConfig {
  const yaml = require('js-yaml') as { load: (text: string) => unknown };
  return yaml.load(readFileSync(path.join(root, 'build/electron-builder.yml'), 'utf8')) as BuilderConfig;
}

function pngSize(file: string): [number, number] {
  const bytes = readFileSync(path.join(root, file));
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('packaging configuration (electron-builder 26)', () => {
  it('matches electron-builder schema', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration: (config: unknown, logger: unknown) => Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    await expect(validateConfiguration(builderConfig(), new DebugLogger(false))).resolves.toBeUndefined();
    await expect(validateConfiguration({ ...builderConfig(), protocol: [] }, new DebugLogger(false))).rejects.toThrow(/unknown property 'protocol'/);
  });

  it('registers gradapp://, targets AppImage, deb, nsis and dmg, and packages only the compiled shell', () => {
    const config = builderConfig();
    expect(config.protocols.flatMap((protocol) => protocol.schemes)).toEqual(['gradapp']);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.directories.app).toBe('dist/electron');
    expect(config.npmRebuild).toBe(false);
    expect(config.electronFuses).toMatchObject({ runAsNode: false, enableNodeOptionsEnvironmentVariable: false, enableNodeCliInspectArguments: false });
  });

  it('has PNG icons of the sizes each platform needs (512 for macOS, 256 for Windows)', () => {
    const config = builderConfig();
    expect(pngSize(config.mac.icon)).toEqual([512, 512]);
    expect(pngSize(config.win.icon)).toEqual([256, 256]);
    expect(pngSize(`${config.linux.icon}/512x512.png`)).toEqual([512, 512]);
    expect(pngSize(`${config.linux.icon}/256x256.png`)).toEqual([256, 256]);
  });

  it('bundles the sandboxed preload into one file that requires nothing but electron', async () => {
    const result = await build({
      entryPoints: [path.join(root, 'electron/preload/index.ts')],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      external: ['electron'],
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect([...code.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1])).toEqual(['electron']);
    expect(code).toContain('gradappShell');
  });
});
