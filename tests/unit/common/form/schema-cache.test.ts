import { describe, expect, it } from 'vitest';
import type { Answers } from '../../../../common/api';
import { campusOptions, programOptionsByCampus } from '../../../../common/form/pages/education/choices';
import { formPages } from '../../../../common/form/pages';
import { formRules, validateAnswers, visibleAnswers } from '../../../../common/form/schema';
import { answersSchema, keptFieldSchema, shownTargets } from '../../../../common/form/schema/build';
import { collectErrors } from '../../../../common/validation/collect-errors';
import { completeApplication } from '../../../../scripts/support/complete-application';

const today = new Date();

/** validateAnswers as one yup object schema built for these answers alone, in form order: what the kept fields must give. */
function freshErrors(answers: Answers, day: Date = today) {
  const visible = visibleAnswers(formPages, answers);
  const targets = shownTargets(formPages, visible);
  const errors = collectErrors(answersSchema(targets, visible, { today: day, rules: formRules }), visible);
  const order = new Map(targets.map(({ key }, index) => [key, index]));
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => (order.get(a) ?? 0) - (order.get(b) ?? 0)));
}

function expectSameAsFresh(answers: Answers, day: Date = today) {
  const cached = validateAnswers(answers, { today: day });
  expect(cached).toEqual(freshErrors(answers, day));
  // The order of the keys too: the error summary reads it.
  expect(Object.keys(cached)).toEqual(Object.keys(freshErrors(answers, day)));
}

const [firstCampus = '', secondCampus = ''] = campusOptions.map((option) => option.value);
const programOf = (campus: string) => programOptionsByCampus[campus]?.[0]?.value ?? null;

describe('the validation’s kept fields', () => {
  it('builds each key’s field once for the form: typing and a show/hide run the same fields, and no object of them', () => {
    const complete = completeApplication(today);
    const fieldsOf = (answers: Answers) => {
      const visible = visibleAnswers(formPages, answers);
      return new Map(shownTargets(formPages, visible).map((target) => [target.key, keptFieldSchema(formPages, formRules, target)]));
    };
    const before = fieldsOf({ ...complete, previously_attend: 'N' });
    const typed = fieldsOf({ ...complete, previously_attend: 'N', first_name: 'Ad' });
    const after = fieldsOf({ ...complete, previously_attend: 'Y' });
    const common = [...before.keys()].filter((key) => after.has(key));
    expect(common.length).toBeGreaterThan(100);
    expect(after.size).toBeGreaterThan(common.length);
    for (const key of before.keys()) expect(typed.get(key), key).toBe(before.get(key));
    for (const key of common) expect(after.get(key), key).toBe(before.get(key));
  });

  it('gives every message of a key that breaks several rules, once each, in the order of its rules', () => {
    const complete = completeApplication(today);
    const errors = validateAnswers({ ...complete, phone_mobile: 'x'.repeat(60) }, { today });
    expect(errors.phone_mobile).toEqual(['Please enter a valid cell phone number.', 'Cell Phone must be at most 14 characters.']);
    expect(Object.keys(errors)).toEqual(['phone_mobile']);
  });

  it('gives what a fresh build gives while the applicant types', () => {
    const complete = completeApplication(today);
    for (const text of ['', 'A', 'Ad', 'Ada', 'x'.repeat(300), 'Ada']) {
      expectSameAsFresh({ ...complete, first_name: text === '' ? null : text });
      expectSameAsFresh({ ...complete, college_major: text === '' ? null : text });
    }
  });

  it('gives what a fresh build gives as questions are shown and hidden, and back', () => {
    const complete = completeApplication(today);
    const steps: Answers[] = [
      {},
      complete,
      { ...complete, previously_attend: 'Y' },
      { ...complete, previously_attend: 'N' },
      { ...complete, previously_attend: 'Y' },
      { ...complete, gmat_taken: 'Y' },
      { ...complete, gmat_taken: 'N' },
      { ...complete, college_degree: null },
      { ...complete, college_name_2: 'Second College' },
      { ...complete, college_name_2: null },
      {},
      complete,
    ];
    for (const answers of steps) expectSameAsFresh(answers);
  });

  it('follows a dependent option list when its controlling answer changes', () => {
    const complete = completeApplication(today);
    // A program of the first campus is not one of the second's options, and back again.
    const program = programOf(firstCampus);
    expect(secondCampus).not.toBe('');
    expect(program).not.toBeNull();
    for (const campus of [firstCampus, secondCampus, firstCampus, secondCampus]) {
      expectSameAsFresh({ ...complete, campus_preferrence: campus, applied_major: program });
    }
    const onSecond = validateAnswers({ ...complete, campus_preferrence: secondCampus, applied_major: program }, { today });
    const onFirst = validateAnswers({ ...complete, campus_preferrence: firstCampus, applied_major: program }, { today });
    if (!programOptionsByCampus[secondCampus]?.some((option) => option.value === program)) expect(onSecond.applied_major).toBeDefined();
    expect(onFirst.applied_major).toBeUndefined();
  });

  it('judges dates on the day of each validation, not the day it was built', () => {
    const complete = completeApplication(today);
    const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    const iso = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    // The birth date must be well in the past: one today makes the applicant too young.
    const answers = { ...complete, birth_date: iso };
    expectSameAsFresh(answers, today);
    expectSameAsFresh(answers, new Date(today.getFullYear() - 30, 0, 1));
    expect(validateAnswers(answers, { today }).birth_date).toBeDefined();
  });
});
