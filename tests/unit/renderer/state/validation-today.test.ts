import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { finalStepsMessages } from '../../../../common/form/schema';
import { studentAnswersAtom } from '../../../../renderer/src/features/answers/typed-answers';
import { webStatusAtom } from '../../../../renderer/src/state/snapshot';
import { fieldErrorsAtom } from '../../../../renderer/src/state/validation';
import { completeApplication } from '../../../../scripts/support/complete-application';

describe('"today" in the browser is the institution’s day, as on the server', () => {
  const zone = process.env.TZ;

  beforeEach(() => {
    // A browser in Tokyo at 08:30 on 26 November, while it is 18:30 on the 25th in New York.
    process.env.TZ = 'Asia/Tokyo';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-25T23:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  function completionDateErrors(completionDate: string) {
    const store = createStore();
    store.set(studentAnswersAtom, { ...completeApplication(new Date(2026, 10, 25)), completion_date: completionDate });
    store.set(webStatusAtom, 'validating');
    return store.get(fieldErrorsAtom).completion_date;
  }

  it('takes New York’s date as today, though the browser’s calendar is a day ahead', () => {
    expect(completionDateErrors('2026-11-25')).toBeUndefined();
  });

  it('takes the browser’s own date, a day ahead in Tokyo, as today too (issue 33, item 7); the day after is in the future, as on the server', () => {
    expect(completionDateErrors('2026-11-26')).toBeUndefined();
    expect(completionDateErrors('2026-11-27')).toEqual([finalStepsMessages.completionDateInFuture]);
  });
});
