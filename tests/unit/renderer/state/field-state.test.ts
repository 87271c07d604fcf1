import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { QuestionDef } from '../../../../common/form/types';
import { answersOfAtom, studentAnswersAtom } from '../../../../renderer/src/features/answers/typed-answers';
import { errorsOfAtom, keysReadBy } from '../../../../renderer/src/state/field-state';
import { webStatusAtom } from '../../../../renderer/src/state/snapshot';
import { completeApplication } from '../../../../scripts/support/complete-application';

describe('a question’s slice of the answers and errors', () => {
  it('names every key its edit widget reads', () => {
    const question: QuestionDef = {
      key: 'applied_major',
      widget: 'select',
      label: 'Program',
      members: [{ key: 'member_a', label: 'A' }],
      smsOptInKey: 'sms_ok',
      dependsOn: { controlKey: 'campus_preferrence', category: 'displayAndOptions', optionsByValue: {} },
    };
    expect(keysReadBy(question)).toEqual(['applied_major', 'member_a', 'sms_ok', 'campus_preferrence']);
  });

  it('keeps its identity while other answers change, so the field does not re-render', () => {
    const store = createStore();
    store.set(studentAnswersAtom, { first_name: 'Ada', last_name: 'Lovelace' });
    const firstName = answersOfAtom(['first_name']);
    expect(answersOfAtom(['first_name'])).toBe(firstName);
    const before = store.get(firstName);
    expect(before).toEqual({ first_name: 'Ada' });
    store.set(studentAnswersAtom, { first_name: 'Ada', last_name: 'Byron' });
    expect(store.get(firstName)).toBe(before);
    store.set(studentAnswersAtom, { first_name: 'Augusta', last_name: 'Byron' });
    expect(store.get(firstName)).toEqual({ first_name: 'Augusta' });
  });

  it('holds the key’s messages while validating, a new object only when they change', () => {
    const store = createStore();
    const complete = completeApplication();
    store.set(studentAnswersAtom, { ...complete, first_name: null });
    store.set(webStatusAtom, 'validating');
    const firstName = errorsOfAtom(['first_name']);
    const missing = store.get(firstName);
    expect(missing).toEqual({ first_name: ['First Name is required.'] });
    // Typing elsewhere revalidates the application but leaves this key's messages as they were.
    store.set(studentAnswersAtom, { ...complete, first_name: null, last_name: 'Byron' });
    expect(store.get(firstName)).toBe(missing);
    store.set(studentAnswersAtom, { ...complete, first_name: 'Ada' });
    expect(store.get(firstName)).toEqual({});
  });
});
