import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { setAnswersAtom, studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { hasUnsavedAnswersAtom, markSavedAtom, unsavedPatchAtom } from '../../../../../renderer/src/features/answers/answer-store';
import { acknowledge } from '../../acknowledge';
import { completeApplication } from '../../../../../scripts/support/complete-application';

/** A store holding these answers, saved as they are. */
function storeWith(saved: Record<string, string | boolean>) {
  const store = createStore();
  acknowledge(store, saved);
  store.set(studentAnswersAtom, saved);
  return store;
}

describe('the patch a save sends', () => {
  it('holds every answer changed since the last save, a cleared one as null', () => {
    const store = storeWith({ first_name: 'Ada', last_name: 'Lovelace' });
    store.set(setAnswersAtom, { first_name: 'Augusta', last_name: null, middle_name: 'King' });
    expect(store.get(unsavedPatchAtom)).toEqual({ first_name: 'Augusta', last_name: null, middle_name: 'King' });
    store.set(markSavedAtom, store.get(unsavedPatchAtom));
    expect(store.get(hasUnsavedAnswersAtom)).toBe(false);
  });

  it('never holds an upload answer, which only the server writes: not an ANSWERED nor a clearing', () => {
    const store = storeWith({ ...completeApplication(), applied_major: 'MEDCI' });
    // The widget marks a converted document answered; the conversion has written it already.
    store.set(setAnswersAtom, { teacher_upload: 'ANSWERED', first_name: 'Augusta' });
    expect(store.get(studentAnswersAtom).teacher_upload).toBe('ANSWERED');
    expect(store.get(unsavedPatchAtom)).toEqual({ first_name: 'Augusta' });

    // A failed conversion clears the answer locally; the server cleared it when the job failed.
    const failed = storeWith({ resume_doc: 'ANSWERED' });
    failed.set(setAnswersAtom, { resume_doc: null });
    expect(failed.get(unsavedPatchAtom)).toEqual({});
    expect(failed.get(hasUnsavedAnswersAtom)).toBe(false);
  });

  it('hides an upload question through its controlling answer alone: the server clears it and deletes the document', () => {
    // Curriculum and Instruction asks for a teaching certificate; the MPA does not.
    const store = storeWith({ ...completeApplication(), applied_major: 'MEDCI', teacher_upload: 'ANSWERED' });
    store.set(setAnswersAtom, { applied_major: 'MPA' });
    expect(store.get(studentAnswersAtom).teacher_upload).toBeNull();
    const patch = store.get(unsavedPatchAtom);
    expect(patch).toMatchObject({ applied_major: 'MPA' });
    expect(patch).not.toHaveProperty('teacher_upload');
  });
});
