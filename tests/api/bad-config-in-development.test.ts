import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../backend/app';
import { loadConfig } from '../../backend/platform/config';
import { openStore, type Store } from '../../backend/open-store';
import { BadConfigError } from '../../common/form/config-checks';
import type { PageDef } from '../../common/form/types';
import { dataDirSealer, sealingKeysSetting } from '../../backend/security/sealing-keys';

// The shipped pages with one more question whose condition reads a key no question declares: a developer's slip.
vi.mock('../../common/form/pages', async (importOriginal) => {
  const shipped = await importOriginal<typeof import('../../common/form/pages')>();
  const [about, ...rest] = shipped.formPages as PageDef[];
  const stray: PageDef = { ...about!, sections: [...about!.sections, { id: 'stray', title: 'Stray', questions: [{ key: 'nickname', widget: 'text', label: 'Nickname', condition: { valueKey: 'nick_name', operator: 'answered' } }] }] };
  return { ...shipped, formPages: [stray, ...rest] };
});

describe('a misconfigured form at the backend\'s start (spec platform sections 5 and 8: bad config raises in local development only)', () => {
  let dataDir: string;
  let store: Store;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-bad-config-'));
    store = await openStore({ databaseUrl: null, dataDir, migrate: true, sealer: dataDirSealer(dataDir) });
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the app from being made in development, with a BadConfigError naming the stray condition', () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    let thrown: unknown;
    try {
      createApp({ config, store });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BadConfigError);
    expect((thrown as BadConfigError).problems).toEqual(["The condition of question 'nickname' on page 'about' reads 'nick_name', which is not in the data model."]);
  });

  it('is not checked in production or under test, where no bad-config error is ever raised', () => {
    for (const NODE_ENV of ['production', 'test']) {
      const config = loadConfig({ NODE_ENV, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEALING_KEYS: sealingKeysSetting(dataDir) });
      expect(() => createApp({ config, store })).not.toThrow();
    }
  });
});
