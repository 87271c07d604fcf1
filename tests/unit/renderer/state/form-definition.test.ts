import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BadConfigError } from '../../../../common/form/config-checks';
import type { PageDef } from '../../../../common/form/types';

// The shipped pages with one more question whose condition reads a key no question declares: a developer's slip.
vi.mock('../../../../common/form/pages', async (importOriginal) => {
  const shipped = await importOriginal<typeof import('../../../../common/form/pages')>();
  const [about, ...rest] = shipped.formPages as PageDef[];
  const stray: PageDef = { ...about!, sections: [...about!.sections, { id: 'stray', title: 'Stray', questions: [{ key: 'nickname', widget: 'text', label: 'Nickname', condition: { valueKey: 'nick_name', operator: 'answered' } }] }] };
  return { ...shipped, formPages: [stray, ...rest] };
});

/** A fresh copy of the module, as it caches the definition it loaded. */
async function freshLoadFormPages() {
  vi.resetModules();
  return (await import('../../../../renderer/src/state/form-definition')).loadFormPages;
}

describe('the form definition in the renderer (spec platform sections 5 and 8: bad config raises in development)', () => {
  beforeEach(() => vi.unstubAllEnvs());
  afterEach(() => vi.unstubAllEnvs());

  it('refuses a misconfigured definition in development with a BadConfigError naming the stray key', async () => {
    vi.stubEnv('DEV', true);
    const loadFormPages = await freshLoadFormPages();
    const error = await loadFormPages().then(
      () => null,
      (thrown: unknown) => thrown,
    );
    // A fresh module graph has its own copy of the class: told apart by its name.
    expect((error as BadConfigError).name).toBe('BadConfigError');
    expect((error as BadConfigError).problems).toEqual(["The condition of question 'nickname' on page 'about' reads 'nick_name', which is not in the data model."]);
  });

  it('does not check in production, where no bad-config error is ever raised', async () => {
    vi.stubEnv('DEV', false);
    const loadFormPages = await freshLoadFormPages();
    const pages = await loadFormPages();
    expect(pages[0]!.sections.at(-1)!.id).toBe('stray');
  });
});
