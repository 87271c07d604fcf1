import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { textQuestion } from '../../../../common/form/pages/question-factories';
import type { Condition, PageDef } from '../../../../common/form/types';
import { settledAnswersAtom, setAnswersAtom } from '../../../../renderer/src/features/answers/typed-answers';
import { formPagesAtom } from '../../../../renderer/src/state/form-pages';
import { missingValidationAtom } from '../../../../renderer/src/state/missing-answers';
import { cookieHeaderAtom } from '../../../../renderer/src/state/session';
import { webStatusAtom } from '../../../../renderer/src/state/snapshot';
import { fieldErrorsAtom } from '../../../../renderer/src/state/validation';
import { appConfig } from '../../../../renderer/src/config/app-config';

/**
 * Issue 27 item 3: the renderer works out what is on show once per change. Each time anything
 * works out visibility it evaluates the second section's condition, which counts its reads.
 */
function countingPage() {
  const counter = { evaluations: 0 };
  const condition: Condition = {
    get valueKey() {
      counter.evaluations += 1;
      return 'first_name';
    },
    operator: 'answered',
  };
  const page: PageDef = {
    id: 'about',
    path: '/about',
    title: 'About You',
    sections: [
      { id: 'who', title: 'Who', questions: [textQuestion('first_name', 'First Name')] },
      { id: 'more', title: 'More', condition, questions: [textQuestion('last_name', 'Last Name')] },
    ],
  };
  return { page, counter };
}

describe('visibility, once per change', () => {
  it('while validating: the change, the errors on the page and those a save posts share one walk', () => {
    const { page, counter } = countingPage();
    const store = createStore();
    store.set(formPagesAtom, [page]);
    store.set(webStatusAtom, 'validating');
    const unsubscribe = store.sub(fieldErrorsAtom, () => undefined);

    counter.evaluations = 0;
    store.set(setAnswersAtom, { first_name: 'Ada' });
    expect(store.get(fieldErrorsAtom)).toEqual({ last_name: ['Last Name is required.'] });
    expect(counter.evaluations).toBe(1);

    counter.evaluations = 0;
    store.set(setAnswersAtom, { first_name: null });
    expect(Object.keys(store.get(fieldErrorsAtom))).toEqual(['first_name']);
    expect(counter.evaluations).toBe(1);
    unsubscribe();
  });

  it('before the first submit: the missing-information panel validates with the change’s visibility', () => {
    const { page, counter } = countingPage();
    const store = createStore();
    store.set(formPagesAtom, [page]);
    store.set(cookieHeaderAtom, `${appConfig.cookiePrefix}session=1`);
    store.set(webStatusAtom, 'started');

    counter.evaluations = 0;
    store.set(setAnswersAtom, { first_name: 'Ada' });
    const validate = store.get(missingValidationAtom)!;
    expect(validate(store.get(settledAnswersAtom))).toEqual({ last_name: ['Last Name is required.'] });
    expect(counter.evaluations).toBe(1);
  });
});
