// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { Profiler } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../../../renderer/src/app/providers';
import { AccountMenu } from '../../../../../renderer/src/app/routes/account-menu';
import { AlmostFinished } from '../../../../../renderer/src/features/layout';
import { PageNav } from '../../../../../renderer/src/features/layout/components/page-nav';
import { setAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { cookieHeaderAtom } from '../../../../../renderer/src/state/session';
import { PRESENCE_COOKIE } from '../../render-app';

/**
 * Issue 26 item 5: a keystroke re-renders the field typed in, not the page's chrome. The page tabs,
 * the account menu and the almost-finished banner read the answers they show or carry; typing
 * any other answer draws none of them again.
 */
describe('what a keystroke re-renders around the form', () => {
  it('neither the page tabs, the account menu nor the banner, until the name the banner shows changes', () => {
    const store = createStore();
    store.set(cookieHeaderAtom, PRESENCE_COOKIE);
    store.set(setAnswersAtom, { college_name: 'Towson University' });
    const renders: Record<string, number> = {};
    const count = (id: string) => (renders[id] = (renders[id] ?? 0) + 1);
    render(
      <AppProviders store={store}>
        <MemoryRouter initialEntries={['/education']}>
          <Profiler id="nav" onRender={count}>
            <PageNav />
          </Profiler>
          <Profiler id="menu" onRender={count}>
            <AccountMenu preloadLogin={() => undefined} preloadSignup={() => undefined} />
          </Profiler>
          <Profiler id="banner" onRender={count}>
            <AlmostFinished />
          </Profiler>
        </MemoryRouter>
      </AppProviders>,
    );
    const mounted = { ...renders };

    for (const typed of ['H', 'Hi', 'His', 'Hist']) act(() => store.set(setAnswersAtom, { college_major: typed }));
    expect(renders).toEqual(mounted);

    act(() => store.set(setAnswersAtom, { first_name: 'Ada' }));
    expect(screen.getByRole('heading', { name: "ADA, you're almost finished!" })).toBeTruthy();
    expect(renders).toEqual({ ...mounted, banner: mounted.banner! + 1 });
  });
});
