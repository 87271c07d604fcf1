// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { CookieNotice } from '../../../../../renderer/src/features/layout/components/cookie-notice';
import { ANALYTICS_OPT_OUT_KEY, analyticsOptOutAtom } from '../../../../../renderer/src/state/analytics';

const analytics = { enabled: true, description: 'Anonymous usage statistics help us improve the form.' };

beforeEach(() => localStorage.clear());

describe('cookie notice', () => {
  it('offers no analytics choice while the tenant has analytics off', () => {
    render(<CookieNotice analytics={{ ...analytics, enabled: false }} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('stores the analytics opt-out where analytics code can read it', async () => {
    const store = createStore();
    render(
      <Provider store={store}>
        <CookieNotice analytics={analytics} />
      </Provider>,
    );
    const optOut = screen.getByRole<HTMLInputElement>('checkbox', { name: /Do not collect usage statistics/ });
    expect(optOut.checked).toBe(false);
    await userEvent.click(optOut);
    expect(optOut.checked).toBe(true);
    expect(localStorage.getItem(ANALYTICS_OPT_OUT_KEY)).toBe('true');
    expect(store.get(analyticsOptOutAtom)).toBe(true);
  });

  it('remembers an earlier opt-out', () => {
    localStorage.setItem(ANALYTICS_OPT_OUT_KEY, 'true');
    render(
      <Provider store={createStore()}>
        <CookieNotice analytics={analytics} />
      </Provider>,
    );
    expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(true);
  });
});
