// @vitest-environment happy-dom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse, WebStatus } from '../../../../../common/api';
import type { PageDef } from '../../../../../common/form/types';
import { ERROR_SUMMARY_TITLE, ErrorSummary, errorEntries } from '../../../../../renderer/src/features/form/components/error-summary';
import { FormPageBody } from '../../../../../renderer/src/features/form/components/page-body';
import { formPagesAtom } from '../../../../../renderer/src/state/form-pages';
import { studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { webStatusAtom } from '../../../../../renderer/src/state/snapshot';
import { submitRefusalsAtom } from '../../../../../renderer/src/state/submission';
import { renderApp, stubApi } from '../../render-app';

afterEach(() => vi.unstubAllGlobals());

const SUMMARY = 'Please fix the following before you submit';


const namePage: PageDef = {
  id: 'about',
  path: '/about',
  title: 'About You',
  sections: [{ id: 'name', title: 'Name', questions: [{ key: 'first_name', widget: 'text', label: 'First Name' }] }],
};
const surnamePage: PageDef = {
  id: 'education',
  path: '/education',
  title: 'Your Academics',
  sections: [{ id: 'surname', title: 'Surname', questions: [{ key: 'last_name', widget: 'text', label: 'Last Name' }] }],
};

function renderPages(entry: string, status: WebStatus = 'validating') {
  const store = createStore();
  store.set(formPagesAtom, [namePage, surnamePage]);
  store.set(webStatusAtom, status);
  const router = createMemoryRouter(
    // The summary stands above the page, as the form layout places it.
    [namePage, surnamePage].map((page) => ({
      path: page.path,
      element: (
        <>
          <ErrorSummary />
          <FormPageBody page={page} />
        </>
      ),
    })),
    { initialEntries: [entry] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, store };
}

describe('error summary', () => {
  it('keeps each message once and drops keys without messages', () => {
    expect(errorEntries({ a: ['Needed.', 'Needed.', 'Too long.'], b: [] })).toEqual([['a', ['Needed.', 'Too long.']]]);
  });

  it('is absent unless validating, and takes focus at a submit that finds errors', async () => {
    const { store } = renderPages('/about', 'started');
    expect(screen.queryByRole('region', { name: SUMMARY })).toBeNull();
    act(() => {
      store.set(webStatusAtom, 'validating');
      store.set(submitRefusalsAtom, (count) => count + 1);
    });
    const summary = await screen.findByRole('region', { name: SUMMARY });
    await waitFor(() => expect(document.activeElement).toBe(summary));
  });

  it('never takes focus from a field whose emptied answer brings the summary back while validating', async () => {
    const { store } = renderPages('/about');
    act(() => store.set(studentAnswersAtom, { first_name: 'Ada', last_name: 'Lovelace' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: SUMMARY })).toBeNull());
    const field = screen.getByRole('textbox', { name: 'First Name (optional)' });
    await userEvent.clear(field);
    expect(await screen.findByRole('region', { name: SUMMARY })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(field);
    await userEvent.type(field, 'Augusta', { skipClick: true });
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe('Augusta');
  });

  it('lists every page’s errors under the page’s title, each linking to /<page>#<key>', () => {
    renderPages('/about');
    expect(ERROR_SUMMARY_TITLE).toBe(SUMMARY);
    const summary = screen.getByRole('region', { name: SUMMARY });
    expect(within(summary).getByRole('heading', { level: 2 }).textContent).toBe(SUMMARY);
    expect(within(summary).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['About You', 'Your Academics']);
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['First Name is required.', '/about#first_name'],
      ['Last Name is required.', '/education#last_name'],
    ]);
  });

  it('lists the pages in navigation order, whatever order the errors came in', () => {
    const { store } = renderPages('/about', 'started');
    act(() => {
      store.set(formPagesAtom, [surnamePage, namePage]);
      store.set(webStatusAtom, 'validating');
    });
    const summary = screen.getByRole('region', { name: SUMMARY });
    expect(within(summary).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Your Academics', 'About You']);
  });

  it('is an alert, announced, and takes focus again at each submit that finds errors', async () => {
    const { store } = renderPages('/about');
    const summary = await screen.findByRole('region', { name: SUMMARY });
    expect(document.activeElement).not.toBe(summary);
    act(() => store.set(submitRefusalsAtom, (count) => count + 1));
    const alert = within(summary).getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2 }).textContent).toBe(SUMMARY);
    expect(within(alert).getAllByRole('link')).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(summary));

    // The applicant moves on, then submits again with the same errors: focus comes back, and the
    // alert is a new one, which screen readers announce again.
    (document.activeElement as HTMLElement).blur();
    act(() => store.set(submitRefusalsAtom, (count) => count + 1));
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('alert')).not.toBe(alert);
  });

  it('goes to another page in place and scrolls to the element, focused', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { router } = renderPages('/about');
    await userEvent.click(screen.getByRole('link', { name: 'Last Name is required.' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/education'));
    expect(router.state.location.hash).toBe('#last_name');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(document.activeElement?.id).toBe('last_name'));
    expect(scrolled.mock.contexts.at(-1)).toBe(document.getElementById('last_name'));
    scrolled.mockRestore();
  });

  it('focuses the target again when the same link is used twice on its own page', async () => {
    renderPages('/about');
    const link = screen.getByRole('link', { name: 'First Name is required.' });
    await userEvent.click(link);
    await waitFor(() => expect(document.activeElement?.id).toBe('first_name'));
    (document.activeElement as HTMLElement).blur();
    await userEvent.click(screen.getByRole('link', { name: 'First Name is required.' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('first_name'));
  });

  it('focuses the element named by the hash on a fresh load, not the summary', async () => {
    renderPages('/education#last_name');
    await waitFor(() => expect(document.activeElement?.id).toBe('last_name'));
  });
});

const validatingProfile: ProfileResponse = {
  answer: {},
  document_answer: {},
  username: 'ada@example.edu',
  last_page: '/about',
  successful_login: ['2026-11-01T10:00:00Z'],
  web_status: [
    { web_status: 'started', created_at: '2026-11-01T10:00:00Z' },
    { web_status: 'validating', created_at: '2026-11-02T10:00:00Z' },
  ],
};

function stubApplicant() {
  const ok = { body: { message: 'OK' } };
  stubApi({
    'GET /api/profile': { body: validatingProfile },
    'PUT /api/last-page': ok,
    'PUT /api/answer': ok,
    'POST /api/validations': ok,
  });
}

/** The page's code loads on demand, slowly on a loaded machine; the summary above it shows before. */
const PAGE_LOAD_MS = 10_000;

describe('error summary on the About You page', () => {
  it('links every error to an element with that id, which takes focus', async () => {
    stubApplicant();
    renderApp('/about', { loggedIn: true });
    // The summary stands above the page, which loads on its own: wait for the page, as a person would.
    await screen.findByRole('heading', { name: 'About You', level: 2 }, { timeout: PAGE_LOAD_MS });
    const summary = await screen.findByRole('region', { name: SUMMARY });
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toContain('First Name is required.');
    // The summary lists every page's errors; those of the other pages link to their own page.
    const hrefs = links.map((link) => link.getAttribute('href') ?? '');
    expect(new Set(hrefs.map((href) => href.split('#')[0]))).toEqual(new Set(['/about', '/education', '/final-steps']));
    for (const href of hrefs.filter((candidate) => candidate.startsWith('/about#'))) {
      const [, key] = href.split('#');
      const link = within(screen.getByRole('region', { name: SUMMARY })).getAllByRole('link').find((candidate) => candidate.getAttribute('href') === href);
      await userEvent.click(link!);
      await waitFor(() => expect(document.activeElement?.id, href).toBe(key));
    }
  });

  it('lands on the element of a hash in the address on a fresh load', async () => {
    stubApplicant();
    renderApp('/about#gender', { loggedIn: true });
    await screen.findByRole('heading', { name: 'About You', level: 2 }, { timeout: PAGE_LOAD_MS });
    await screen.findByRole('region', { name: SUMMARY });
    await waitFor(() => expect(document.activeElement?.id).toBe('gender'));
    expect(document.activeElement?.tagName).toBe('FIELDSET');
  });
});
