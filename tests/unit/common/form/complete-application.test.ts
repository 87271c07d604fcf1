import { describe, expect, it } from 'vitest';
import { validateAnswers } from '../../../../common/form/schema';
import { completeApplication } from '../../../../scripts/support/complete-application';

describe('the complete application of the tests', () => {
  it('has no errors today, on every page', () => {
    const today = new Date();
    expect(validateAnswers(completeApplication(today), { today })).toEqual({});
  });
});
