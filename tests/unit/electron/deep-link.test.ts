import { describe, expect, it } from 'vitest';
import { findDeepLink, parseServiceLink } from '../../../electron/platform/deep-link';

const appUrl = new URL('https://apply.example.edu/');
const TOKEN = 'abcDEF0123456789_-abcDEF0123456789_-abcDEF0';

describe('service link parser', () => {
  it('maps a gradapp:// link to the service view on the application origin', () => {
    const link = parseServiceLink(`gradapp://open?service_token=${TOKEN}`, appUrl);
    expect(link).toEqual({ ok: true, url: new URL(`https://apply.example.edu/?service_token=${TOKEN}`) });
    expect(parseServiceLink(`  gradapp://open/?service_token=${TOKEN}\n`, appUrl).ok).toBe(true);
  });

  it('accepts the web link the token commands print, rebuilt on the application origin', () => {
    const link = parseServiceLink(`https://apply.example.edu/?service_token=${TOKEN}`, new URL('https://apply.example.edu/about'));
    expect(link).toEqual({ ok: true, url: new URL(`https://apply.example.edu/?service_token=${TOKEN}`) });
  });

  it.each([
    ['not a link', /not a link/],
    ['', /not a link/],
    [`gradapp://evil?service_token=${TOKEN}`, /not a service link/],
    [`gradapp://open/extra?service_token=${TOKEN}`, /not a service link/],
    [`gradapp://open/../x?service_token=${TOKEN}`, /not a service link/],
    ['gradapp://open', /no service token/],
    ['gradapp://open?service_token=', /no service token/],
    ['gradapp://open?service_token=short', /malformed/],
    [`gradapp://open?service_token=${TOKEN.slice(1)}!`, /malformed/],
    [`gradapp://open?service_token=${TOKEN}&service_token=${TOKEN}`, /no service token/],
    [`gradapp://open?service_token=${TOKEN}&next=https://evil.example`, /more than a service token/],
    [`gradapp://user:pw@open?service_token=${TOKEN}`, /parts/],
    [`gradapp://open?service_token=${TOKEN}#x`, /parts/],
    [`https://evil.example/?service_token=${TOKEN}`, /not for https:\/\/apply.example.edu/],
    [`http://apply.example.edu/?service_token=${TOKEN}`, /not for/],
    [`javascript:alert(1)//?service_token=${TOKEN}`, /not a service link/],
    [`file:///?service_token=${TOKEN}`, /not a service link/],
  ])('refuses %j', (text, message) => {
    const link = parseServiceLink(text, appUrl);
    expect(link.ok).toBe(false);
    if (!link.ok) expect(link.message).toMatch(message);
  });

  it('finds a gradapp:// link among command-line arguments', () => {
    expect(findDeepLink(['/usr/bin/gradapp', '--mode=desktop', 'gradapp://open?service_token=x'])).toBe('gradapp://open?service_token=x');
    expect(findDeepLink(['/usr/bin/gradapp', '--mode=desktop'])).toBeUndefined();
  });
});
