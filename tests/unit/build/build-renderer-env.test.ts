// `npm start` on a fresh clone builds the renderer, then runs the server in the same process
// (build/start.mjs). Vite's build sets NODE_ENV to 'production' when it is unset, which made a
// development machine's server refuse to start without production's SEALING_KEYS.
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('vite', async (importOriginal) => {
  const vite = await importOriginal<typeof import('vite')>();
  // The build's configuration step as Vite runs it (the part that sets NODE_ENV), without bundling.
  return { ...vite, build: async () => void (await vite.resolveConfig({ configFile: false, logLevel: 'silent' }, 'build')) };
});

// Nothing is built, so nothing may be marked built: dist/ keeps its own fingerprint.
vi.mock('../../../build/build-inputs.mjs', async (importOriginal) => ({ ...(await importOriginal<object>()), writeFingerprint: () => undefined }));

const { buildRenderer } = await import('../../../build/build-renderer.mjs');

describe("the renderer's build inside `npm start`", () => {
  const before = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = before;
  });

  it('leaves NODE_ENV unset when it was (Vite sets it to production for its build)', async () => {
    delete process.env.NODE_ENV;
    await buildRenderer();
    expect(process.env.NODE_ENV).toBeUndefined();
  });

  it('leaves a NODE_ENV that was set as it was', async () => {
    process.env.NODE_ENV = 'development';
    await buildRenderer();
    expect(process.env.NODE_ENV).toBe('development');
  });
});
