import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers } from '../../../../common/api';
import { calendarYearOptions, followCalendar } from '../../../../common/form/options';
import { formPages, pageByPath } from '../../../../common/form/pages';
import { parseAnswerPatch } from '../../../../backend/applicant/answer-service';
import { staticChoices } from '../../../../common/form/answer-choices';
import { entryTermOptionsOffered, entryTermsOn, gmatPlanYearOptions } from '../../../../common/form/pages/education/choices';
import { validateAnswers } from '../../../../common/form/schema';
import { allQuestions } from '../../../../common/form/visibility';
import { completeApplication } from '../../../../scripts/support/complete-application';

/**
 * A server runs for months: its year lists must turn with the year, or after New Year it would
 * refuse the year the renderer offers (a test planned for the new last year of the GMAT list).
 */
const thisYear = new Date().getFullYear();
const values = (options: readonly { value: string }[]) => options.map((option) => option.value);

afterEach(() => {
  vi.useRealTimers();
  // Back to the real year for the other tests of this process.
  followCalendar(new Date());
});

describe('year lists that follow the calendar', () => {
  it('are remade in place once the year has turned, and only then', () => {
    const list = calendarYearOptions({ count: 3, direction: 'future' });
    expect(values(list)).toEqual([0, 1, 2].map((ahead) => String(thisYear + ahead)));
    expect(followCalendar(new Date(thisYear, 11, 31, 23, 59))).toBe(`${thisYear}-12-31`);
    expect(values(list)).toEqual([0, 1, 2].map((ahead) => String(thisYear + ahead)));

    expect(followCalendar(new Date(thisYear + 1, 0, 1, 0, 1))).toBe(`${thisYear + 1}-01-01`);
    expect(values(list)).toEqual([1, 2, 3].map((ahead) => String(thisYear + ahead)));
  });

  it('reach every repeated slot of a question, which shares its list', () => {
    const education = pageByPath('/education', formPages)!;
    const slotOptions = education.sections
      .flatMap((section) => allQuestions(section))
      .filter((question) => /^college_attend_to_year(_\d+)?$/.test(question.key))
      .map((question) => question.options!);
    expect(slotOptions.length).toBeGreaterThan(1);
    followCalendar(new Date(thisYear + 1, 0, 1));
    for (const options of slotOptions) expect(values(options)).toContain(String(thisYear + 1));
  });

  it('let the validation accept a year first offered after New Year, without a restart', () => {
    const newLastYear = String(thisYear + gmatPlanYearOptions.length);
    const answers = (today: Date): Answers => ({
      ...completeApplication(today),
      campus_preferrence: 'M',
      applied_major: 'MBA',
      gmat_taken: 'N',
      gmat_plan_month: '3',
      gmat_plan_year: newLastYear,
    });
    const before = new Date(thisYear, 11, 31, 12);
    expect(validateAnswers(answers(before), { today: before }).gmat_plan_year).toEqual(['Planned GMAT Test Year must be one of the listed choices.']);

    vi.useFakeTimers({ toFake: ['Date'] });
    const after = new Date(thisYear + 1, 0, 2, 9);
    vi.setSystemTime(after);
    expect(validateAnswers(answers(after), { today: after }).gmat_plan_year).toBeUndefined();
    expect(values(gmatPlanYearOptions)).toContain(newLastYear);
  });

  it('offer the starting terms of the day, on the page and at save, on a server that runs across a term', () => {
    const inAYear = new Date(thisYear + 1, 5, 15, 12);
    followCalendar(inAYear);
    expect(entryTermOptionsOffered).toEqual(entryTermsOn(inAYear));
    expect(staticChoices('entry_term')).toEqual(entryTermsOn(inAYear));
    expect(entryTermsOn(inAYear)).not.toEqual(entryTermsOn(new Date()));
  });

  it('let a save accept a starting term first offered today, without a restart', () => {
    const inAYear = new Date(thisYear + 1, 5, 15, 12);
    const newTerm = entryTermsOn(inAYear).find((term) => !values(entryTermsOn(new Date())).includes(term.value))!;
    expect(() => parseAnswerPatch({ entry_term: newTerm.value })).toThrow();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(inAYear);
    expect(parseAnswerPatch({ entry_term: newTerm.value })).toEqual({ entry_term: newTerm.value });
  });
});
