import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { studentAnswersAtom } from '../../../../renderer/src/features/answers/typed-answers';
import { webStatusAtom } from '../../../../renderer/src/state/snapshot';
import { fieldErrorsAtom } from '../../../../renderer/src/state/validation';
import { completeApplication } from '../../../../scripts/support/complete-application';

/**
 * Issue 18, item 1: most keystrokes change no error, and then the whole form's errors are the same
 * object, so the error summary (which draws every page's list) has nothing to redraw.
 */
describe('the whole form’s errors while validating', () => {
  it('stay the same object while a keystroke changes no message, and change with the first that does', () => {
    const store = createStore();
    // The institution's today, which the completion date's rule reads: the machine's own date is a day ahead of it for hours each night.
    const complete = completeApplication();
    store.set(webStatusAtom, 'validating');
    store.set(studentAnswersAtom, { ...complete, first_name: null });
    const before = store.get(fieldErrorsAtom);
    expect(Object.keys(before)).toEqual(['first_name']);

    for (const typed of ['Q', 'Qu', 'Quincy']) {
      store.set(studentAnswersAtom, { ...complete, first_name: null, middle_name: typed });
      expect(store.get(fieldErrorsAtom)).toBe(before);
    }

    store.set(studentAnswersAtom, { ...complete, first_name: null, middle_name: 'x'.repeat(500) });
    const after = store.get(fieldErrorsAtom);
    expect(after).not.toBe(before);
    expect(Object.keys(after)).toEqual(['first_name', 'middle_name']);

    store.set(studentAnswersAtom, { ...complete, first_name: 'Ada', middle_name: 'Quincy' });
    expect(store.get(fieldErrorsAtom)).toEqual({});
  });
});
