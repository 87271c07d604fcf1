import { atom } from 'jotai';
import type { PageDef } from '../../../common/form/types';
import { learnAnswerKinds } from '../lib/answer-kinds';
import { loadChunk } from '../lib/load-chunk';

/**
 * The whole form's definition (every page's questions) is a chunk of its own (issue 26, item 5):
 * a visitor opening About You needs only that page's questions for the first paint; the rest
 * loads once the page shows (app/routes/after-first-paint.tsx). Every other form page, and a
 * logged-in applicant's form on any page, waits for it behind the form's spinner (FormRoot), as
 * their answers' clearing rules span the pages.
 */
let loaded: readonly PageDef[] | null = null;
let loading: Promise<readonly PageDef[]> | null = null;

/**
 * Starts loading the definition (once); a failed download is tried again until it arrives
 * (load-chunk.ts). In development the bad-config checks run over it first and a misconfigured
 * definition rejects with their BadConfigError (spec platform section 5), which the form's root
 * shows in its error dialog; a production build holds neither the checks nor the call.
 */
export function loadFormPages(): Promise<readonly PageDef[]> {
  loading ??= loadChunk(() => import('../../../common/form/pages')).then(async (module) => {
    if (import.meta.env.DEV) (await import('../../../common/form/check-definition')).assertShippedFormDefinition(module.formPages);
    learnAnswerKinds(module.formPages);
    return (loaded = module.formPages);
  });
  return loading;
}

/** Bumped by a store once the definition has loaded, so the atoms that read it compute again. */
export const formDefinitionLoadedAtom = atom(0);

/** Every form page once the definition has loaded, else null. */
export const loadedFormPagesAtom = atom<readonly PageDef[] | null>((get) => {
  get(formDefinitionLoadedAtom);
  return loaded;
});
