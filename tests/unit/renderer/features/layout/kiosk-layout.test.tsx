// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tenant } from '../../../../../common/form/tenant';
import { fakeKiosk, fakeViewer } from '../../fake-shell';
import { renderApp, stubApi } from '../../render-app';

afterEach(() => vi.unstubAllGlobals());

describe('the welcome banner in the campus kiosk', () => {
  it('does not invite the next person to log back in to the last one\'s account; Sign In stays in the menu', async () => {
    stubApi({});
    renderApp('/about', { shell: fakeKiosk().bridge });
    const banner = await screen.findByRole('region', { name: `Welcome to the ${tenant.application_title}!` });
    expect(banner.textContent).toContain(tenant.start_invitation);
    expect(banner.textContent).not.toContain('Already started an application?');
    expect(screen.queryByRole('link', { name: 'click here to log back in' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    const menu = screen.getByRole('dialog', { name: 'Account' });
    expect(within(menu).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('keeps the link in the desktop viewer (a browser: form-layout.test.tsx)', async () => {
    stubApi({});
    renderApp('/about', { shell: fakeViewer().bridge });
    expect((await screen.findByRole('link', { name: 'click here to log back in' })).getAttribute('href')).toBe('/login');
  });
});
