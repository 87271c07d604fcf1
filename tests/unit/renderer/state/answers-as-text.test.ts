import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { PENDING_ANSWERS_KEY, storagePendingAnswers } from '../../../../renderer/src/lib/pending-answers';
import { textQuestion, textareaQuestion } from '../../../../common/form/pages/question-factories';
import type { PageDef } from '../../../../common/form/types';
import { formPagesAtom } from '../../../../renderer/src/state/form-pages';
import { addTypedAnswersAtom, setAnswersAtom, studentAnswersAtom } from '../../../../renderer/src/features/answers/typed-answers';
import { unsavedPatchAtom } from '../../../../renderer/src/features/answers/answer-store';
import { acknowledge } from '../acknowledge';

/**
 * Issue 24 item 1: the renderer never holds, so never sends, an answer the server refuses as not
 * text (docs/decisions.md, "Pasted text becomes text"), whichever way the answer arrives.
 */
/** A page asking a one-line and a multi-line answer of the model, with no condition. */
const page: PageDef = {
  id: 'about',
  path: '/about',
  title: 'About You',
  sections: [{ id: 'who', title: 'Who', questions: [textQuestion('first_name', 'First Name'), textareaQuestion('personal_statement', 'Statement')] }],
};

describe('answers held as text', () => {
  it('stores a tab pasted into a one-line answer as a space, and a VT in an essay as a line break', () => {
    const store = createStore();
    store.set(formPagesAtom, [page]);
    store.set(setAnswersAtom, { first_name: 'Ada\tLovelace', personal_statement: 'One\u000bTwo\r\nThree\tfour\u0000' });
    expect(store.get(studentAnswersAtom)).toMatchObject({ first_name: 'Ada Lovelace', personal_statement: 'One\nTwo\nThree\tfour' });
    expect(store.get(unsavedPatchAtom)).toMatchObject({ first_name: 'Ada Lovelace', personal_statement: 'One\nTwo\nThree\tfour' });
  });

  it('holds answers carried in or written straight as text too, and leaves other values as they are', () => {
    const store = createStore();
    store.set(addTypedAnswersAtom, { last_name: 'Love\u0085lace', middle_name: 'x\ud800' });
    store.set(studentAnswersAtom, (answers) => ({ ...answers, city: 'Towson\r\n', us_citizen: true, phone: null }));
    expect(store.get(studentAnswersAtom)).toEqual({ last_name: 'Love lace', middle_name: 'x\ufffd', city: 'Towson ', us_citizen: true, phone: null });
  });

  it('keeps the same answers object when nothing changes, so nothing re-renders', () => {
    const store = createStore();
    store.set(setAnswersAtom, { first_name: 'Ada' });
    const before = store.get(studentAnswersAtom);
    store.set(studentAnswersAtom, before);
    expect(store.get(studentAnswersAtom)).toBe(before);
  });

  it('a stored answer the server took before the check is sent again as text', () => {
    const store = createStore();
    acknowledge(store, { first_name: 'Ada\u0000' });
    store.set(studentAnswersAtom, { first_name: 'Ada\u0000' });
    expect(store.get(unsavedPatchAtom)).toEqual({ first_name: 'Ada' });
  });
});

describe('saves kept in the browser', () => {
  it('reads a kept save of an older page as text, so its replay is not refused', () => {
    const items = new Map<string, string>();
    const storage = { getItem: (key: string) => items.get(key) ?? null } as unknown as Storage;
    items.set(
      PENDING_ANSWERS_KEY,
      JSON.stringify({
        account: 'ada@example.edu',
        profile: null,
        saves: [{ id: 'a', queuedAt: 1, patch: { first_name: 'Ada\tLovelace', personal_statement: 'a\u000bb', us_citizen: true }, base: { first_name: null } }],
      }),
    );
    const copy = storagePendingAnswers(() => storage).read();
    expect(copy?.saves[0]?.patch).toEqual({ first_name: 'Ada Lovelace', personal_statement: 'a\nb', us_citizen: true });
    expect(copy?.saves[0]?.base).toEqual({ first_name: null });
  });
});
