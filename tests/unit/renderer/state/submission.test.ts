import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { studentAnswersAtom } from '../../../../renderer/src/features/answers/typed-answers';
import { resetSnapshotAtom, webStatusAtom } from '../../../../renderer/src/state/snapshot';
import { completionMessageAtom, submitErrorsAtom } from '../../../../renderer/src/state/submission';
import { fieldErrorsAtom } from '../../../../renderer/src/state/validation';
import { completeApplication } from '../../../../scripts/support/complete-application';

describe('errors the server’s submit found', () => {
  const serverSays = { college_major: ['Please name your major as your college lists it.'], first_name: ['Too famous.'] };

  function storeWithServerErrors() {
    const store = createStore();
    store.set(studentAnswersAtom, completeApplication());
    store.set(webStatusAtom, 'validating');
    store.set(submitErrorsAtom, serverSays);
    return store;
  }

  it('join the client’s own errors while validating', () => {
    const store = storeWithServerErrors();
    expect(store.get(fieldErrorsAtom)).toEqual(serverSays);
    store.set(studentAnswersAtom, { ...completeApplication(), first_name: null });
    expect(store.get(fieldErrorsAtom).first_name).toEqual(['First Name is required.']);
  });

  it('stand only while their answer is unchanged', () => {
    const store = storeWithServerErrors();
    store.set(studentAnswersAtom, { ...completeApplication(), college_major: 'Modern History' });
    expect(store.get(fieldErrorsAtom)).toEqual({ first_name: serverSays.first_name });
  });

  it('are forgotten with the message of a submit when the applicant leaves', () => {
    const store = storeWithServerErrors();
    store.set(completionMessageAtom, 'Your application was successfully submitted.');
    store.set(resetSnapshotAtom);
    expect(store.get(submitErrorsAtom)).toEqual({});
    expect(store.get(completionMessageAtom)).toBeNull();
  });
});
