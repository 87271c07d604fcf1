import { describe, expect, it } from 'vitest';
import { deriveWebStatus } from '../../../common/web-status';
import { hasCookieWithPrefix } from '../../../common/session-cookies';

describe('web status', () => {
  it('counts distinct valid entries: 0 none, 1 started, 2 validating, 3 submitted', () => {
    expect(deriveWebStatus([])).toBeNull();
    expect(deriveWebStatus([{ web_status: 'started' }])).toBe('started');
    expect(deriveWebStatus([{ web_status: 'started' }, { web_status: 'started' }])).toBe('started');
    expect(deriveWebStatus([{ web_status: 'started' }, { web_status: 'validating' }])).toBe('validating');
    expect(
      deriveWebStatus([{ web_status: 'started' }, { web_status: 'validating' }, { web_status: 'submitted' }]),
    ).toBe('submitted');
    expect(deriveWebStatus([{ web_status: 'started' }, { web_status: 'bogus' as never }])).toBe('started');
  });
});

describe('session cookie detection', () => {
  it('finds a cookie whose name starts with the prefix', () => {
    expect(hasCookieWithPrefix('a=1; gradapp-idp.presence=1', 'gradapp-idp')).toBe(true);
    expect(hasCookieWithPrefix('a=1; other=gradapp-idp', 'gradapp-idp')).toBe(false);
    expect(hasCookieWithPrefix('', 'gradapp-idp')).toBe(false);
  });
});
