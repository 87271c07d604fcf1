import { atom } from 'jotai';
import { loadChunk } from '../lib/load-chunk';
import type { validateAnswers } from '../../../common/form/schema';
import type * as schemaModule from '../../../common/form/schema';

/**
 * The whole-application validation (the form's schema on yup) is a chunk of its own (issue 18,
 * item 2): a visitor never needs it, and a logged-in applicant's form loads it once the page
 * shows (app/routes/after-first-paint.tsx, issue 26 item 5): the errors and the missing-information
 * panel appear when it arrives, and Submit waits for it.
 */
export type ValidateAnswers = typeof validateAnswers;

let loaded: ValidateAnswers | null = null;
let loading: Promise<ValidateAnswers> | null = null;
let schema: Promise<typeof schemaModule> | null = null;

/** The validation's chunk (once), for what needs more of it than validateAnswers (a date's message). */
export function loadSchema() {
  schema ??= loadChunk(() => import('../../../common/form/schema'));
  return schema;
}

/**
 * Starts loading the validation (once) and resolves with it; a download that fails (offline) is
 * tried again until it arrives (load-chunk.ts), the form's spinner showing meanwhile.
 */
export function loadValidator(): Promise<ValidateAnswers> {
  loading ??= loadSchema().then((module) => (loaded = module.validateAnswers));
  return loading;
}

/** validateAnswers if it has loaded, else null, read at the moment (not followed as an atom is). */
export const loadedValidator = (): ValidateAnswers | null => loaded;

/** Bumped by a store once the validation has loaded, so the atoms that read it compute again. */
export const validatorLoadedAtom = atom(0);

/** validateAnswers once loaded, else null (nothing validates yet). */
export const validatorAtom = atom<ValidateAnswers | null>((get) => {
  get(validatorLoadedAtom);
  return loaded;
});
