import { describe, expect, it } from 'vitest';
import { formPages } from '../../../../../common/form/pages';
import { tenant } from '../../../../../common/form/tenant';
import { submitErrorsPath } from '../../../../../renderer/src/features/answers/submit-errors-page';

const missing = (key: string) => ({ [key]: [`${key} is missing.`] });

describe('where Submit shows its errors (issue 17, item 2)', () => {
  it('by default goes to no configured page', () => {
    expect(tenant.submit_errors_page).toBeNull();
  });

  it('stays on the page submitted from when it has an error', () => {
    expect(submitErrorsPath({ ...missing('first_name'), ...missing('completion_signature') }, '/final-steps', formPages, null)).toBeNull();
  });

  it('otherwise goes to the first page, in navigation order, that has one', () => {
    expect(submitErrorsPath({ ...missing('college_name'), ...missing('first_name') }, '/final-steps', formPages, null)).toBe('/about');
    expect(submitErrorsPath(missing('college_name'), '/final-steps', formPages, null)).toBe('/education');
  });

  it('ignores keys with no messages and keys no page asks, staying put when nothing else is left', () => {
    expect(submitErrorsPath({ first_name: [], not_a_question: ['Odd.'] }, '/final-steps', formPages, null)).toBeNull();
  });

  it('goes to the tenant’s page when one is configured (the spec’s default route), staying if already there', () => {
    expect(submitErrorsPath(missing('completion_signature'), '/final-steps', formPages, 'about')).toBe('/about');
    expect(submitErrorsPath(missing('completion_signature'), '/about', formPages, 'about')).toBeNull();
  });
});
