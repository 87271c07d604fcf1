// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AuthRoot } from '../../../../renderer/src/app/routes/auth-root';

describe('the account screens', () => {
  it('fetch the screens their cards link to once one shows, so a link click draws the next card at once', async () => {
    const forgot = { preload: vi.fn(() => Promise.resolve()) };
    const signup = { preload: vi.fn(() => Promise.resolve()) };
    render(
      <Provider>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route element={<AuthRoot preload={[forgot, signup]} />}>
              <Route path="/login" element={<h2>Log In</h2>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    await waitFor(() => expect(forgot.preload).toHaveBeenCalledTimes(1));
    expect(signup.preload).toHaveBeenCalledTimes(1);
  });
});
