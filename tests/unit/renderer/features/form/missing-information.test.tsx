// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Answers, WebStatus } from '../../../../../common/api';
import { formPages } from '../../../../../common/form/pages';
import { aboutMessages } from '../../../../../common/form/schema';
import type { PageDef } from '../../../../../common/form/types';
import { ErrorSummary } from '../../../../../renderer/src/features/form/components/error-summary';
import { FormPageBody } from '../../../../../renderer/src/features/form/components/page-body';
import { MissingInformation } from '../../../../../renderer/src/features/missing-information/components/missing-information';
import { formPagesAtom } from '../../../../../renderer/src/state/form-pages';
import { studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { cookieHeaderAtom } from '../../../../../renderer/src/state/session';
import { webStatusAtom } from '../../../../../renderer/src/state/snapshot';

/** What the browser holds while an applicant is logged in (the identity provider's presence cookie). */
const LOGGED_IN_COOKIES = 'gradapp-idp.presence=1';

const HEADING = /^Still to answer: \d+ questions?$/;

const aboutTest: PageDef = {
  id: 'about',
  path: '/about',
  title: 'About You',
  sections: [
    {
      id: 'name',
      title: 'Name',
      questions: [
        { key: 'first_name', widget: 'text', label: 'First Name' },
        { key: 'last_name', widget: 'text', label: 'Last Name' },
      ],
    },
  ],
};
const academicsTest: PageDef = { id: 'education', path: '/education', title: 'Your Academics', sections: [] };
const finalTest: PageDef = {
  id: 'final_steps',
  path: '/final-steps',
  title: 'Final Steps',
  sections: [
    {
      id: 'gender',
      title: 'Gender',
      questions: [{ key: 'gender', widget: 'radio', label: 'Gender', options: [{ value: 'F', label: 'Female' }] }],
    },
  ],
};
const pages = [aboutTest, academicsTest, finalTest];

interface PanelOptions {
  status?: WebStatus;
  answers?: Answers;
  entry?: string;
  production?: boolean;
  loggedIn?: boolean;
}

function renderPanel(options: PanelOptions = {}) {
  const store = createStore();
  store.set(cookieHeaderAtom, options.loggedIn === false ? '' : LOGGED_IN_COOKIES);
  store.set(formPagesAtom, pages);
  store.set(webStatusAtom, options.status ?? 'started');
  store.set(studentAnswersAtom, options.answers ?? {});
  const router = createMemoryRouter(
    pages.map((page) => ({
      path: page.path,
      element: (
        <>
          <ErrorSummary />
          <MissingInformation production={options.production ?? true} />
          <FormPageBody page={page} />
        </>
      ),
    })),
    { initialEntries: [options.entry ?? '/education'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, store };
}

describe('missing-information panel', () => {
  it('lists, under each page title, a link to every question still to fix', () => {
    renderPanel({ answers: { last_name: 'Lovelace' } });
    const panel = screen.getByRole('region', { name: 'Still to answer: 2 questions' });
    // Said neutrally: nothing was submitted, so nothing is to fix or resubmit (issue 33, item 3).
    expect(panel.textContent).toContain('Each link opens the question on its page. Submit your application from Final Steps once all are answered.');
    expect(panel.textContent).not.toMatch(/resubmit|missing|red text/);
    // One line until opened, at every width: the page's first question stays near the top.
    expect(panel.querySelector('details')?.open).toBe(false);
    expect(within(panel).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['About You', 'Final Steps']);
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['First Name', '/about#first_name'],
      ['Gender', '/final-steps#gender'],
    ]);
  });

  it('lists the questions still to answer on all three pages of the real form, each linking to its page', () => {
    const store = createStore();
    store.set(cookieHeaderAtom, LOGGED_IN_COOKIES);
    store.set(formPagesAtom, formPages);
    store.set(webStatusAtom, 'started');
    store.set(studentAnswersAtom, { instate_tuition: 'Y' });
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/final-steps']}>
          <MissingInformation production />
        </MemoryRouter>
      </Provider>,
    );
    const panel = screen.getByRole('region', { name: HEADING });
    expect(within(panel).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'About You',
      'Your Academics',
      'Final Steps',
    ]);
    const links = within(panel).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['Search For Your School', '/education#college_name'],
        ['Which campus do you plan to attend?', '/education#campus_preferrence'],
        ['Who provides more than half of your financial support?', '/final-steps#maryland_financially_ind_dep'],
        ["Today's Date", '/final-steps#completion_date'],
      ]),
    );
    expect(links.map(([, href]) => href)).not.toContain('/final-steps#instate_tuition');
  });

  it('names an answer given but malformed by its rule’s message, not as missing (issue 33, item 2)', () => {
    const store = createStore();
    store.set(cookieHeaderAtom, LOGGED_IN_COOKIES);
    store.set(formPagesAtom, formPages);
    store.set(webStatusAtom, 'started');
    store.set(studentAnswersAtom, { ssn: '123-45', birth_date: '13/32/88' });
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/about']}>
          <MissingInformation production />
        </MemoryRouter>
      </Provider>,
    );
    const panel = screen.getByRole('region', { name: HEADING });
    const itemOf = (label: string) => within(panel).getByRole('link', { name: label }).closest('li')!.textContent;
    expect(itemOf('Social Security Number')).toBe(`Social Security Number: ${aboutMessages.ssnInvalid}`);
    expect(itemOf('Date of Birth')).toBe(`Date of Birth: ${aboutMessages.birthDateInvalid}`);
    // Still to answer, not malformed: the label alone.
    expect(itemOf('First Name')).toBe('First Name');
  });

  it('takes the applicant to the question and focuses it', async () => {
    const { router } = renderPanel();
    await userEvent.click(within(screen.getByRole('region', { name: HEADING })).getByRole('link', { name: 'Gender' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/final-steps'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(document.activeElement?.id).toBe('gender'));
  });

  it('steps aside once the applicant has submitted (validating): the error summary lists each question once', () => {
    renderPanel({ status: 'validating', answers: { last_name: 'Lovelace' } });
    expect(screen.queryByRole('region', { name: HEADING })).toBeNull();
    const summary = screen.getByRole('region', { name: 'Please fix the following before you submit' });
    expect(within(summary).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/about#first_name', '/final-steps#gender']);
    // Nowhere else on the page links to those questions.
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([...new Set(hrefs)]);
  });

  it('is never shown once the application is submitted: nothing can be answered or resubmitted', () => {
    renderPanel({ status: 'submitted', answers: { last_name: 'Lovelace' } });
    expect(screen.queryByRole('region', { name: HEADING })).toBeNull();
    expect(document.body.textContent).not.toMatch(/resubmit/);
  });

  it('counts a single question in the singular', () => {
    renderPanel({ answers: { first_name: 'Ada', last_name: 'Lovelace' } });
    expect(screen.getByRole('region', { name: 'Still to answer: 1 question' })).toBeTruthy();
  });

  it('is not shown where the production flag is off', () => {
    renderPanel({ production: false });
    expect(screen.queryByRole('heading', { name: HEADING })).toBeNull();
  });

  it('lists the unanswered questions whenever the applicant is logged in, before any submit too', () => {
    renderPanel({ status: 'started', answers: { first_name: 'Ada' } });
    const links = within(screen.getByRole('region', { name: HEADING })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Last Name', '/about#last_name'],
      ['Gender', '/final-steps#gender'],
    ]);
  });

  it('is not shown to a visitor who is not logged in', () => {
    renderPanel({ status: 'started', loggedIn: false });
    expect(screen.queryByRole('heading', { name: HEADING })).toBeNull();
  });

  it('is not shown when nothing is missing', () => {
    renderPanel({ answers: { first_name: 'Ada', last_name: 'Lovelace', gender: 'F' } });
    expect(screen.queryByRole('heading', { name: HEADING })).toBeNull();
  });
});
