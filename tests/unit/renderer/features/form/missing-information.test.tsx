// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answers, WebStatus } from '../../../../../common/api';
import { tenant } from '../../../../../common/form/tenant';
import type { PageDef } from '../../../../../common/form/types';
import { FormPageBody } from '../../../../../renderer/src/features/form/components/page-body';
import { MissingInformation } from '../../../../../renderer/src/features/missing-information/components/missing-information';
import { formPagesAtom } from '../../../../../renderer/src/state/answer-changes';
import { studentAnswersAtom } from '../../../../../renderer/src/state/answers';
import { webStatusAtom } from '../../../../../renderer/src/state/snapshot';

const production = tenant.production;
afterEach(() => {
  tenant.production = production;
});

const HEADING = "We're missing some information!";

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

function renderPanel(options: { status?: WebStatus; answers?: Answers; entry?: string } = {}) {
  const store = createStore();
  store.set(formPagesAtom, pages);
  store.set(webStatusAtom, options.status ?? 'validating');
  store.set(studentAnswersAtom, options.answers ?? {});
  const router = createMemoryRouter(
    pages.map((page) => ({
      path: page.path,
      element: (
        <>
          <MissingInformation />
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
    tenant.production = true;
    renderPanel({ answers: { last_name: 'Lovelace' } });
    const panel = screen.getByRole('region', { name: HEADING });
    expect(panel.textContent).toContain(
      'The links below show what needs to be completed. Missing items will appear in red text on each page; simply fix them and then resubmit your application.',
    );
    expect(within(panel).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['About You', 'Final Steps']);
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['First Name', '/about#first_name'],
      ['Gender', '/final-steps#gender'],
    ]);
  });

  it('takes the applicant to the question and focuses it', async () => {
    tenant.production = true;
    const { router } = renderPanel();
    await userEvent.click(within(screen.getByRole('region', { name: HEADING })).getByRole('link', { name: 'Gender' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/final-steps'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(document.activeElement?.id).toBe('gender'));
  });

  it('is not shown outside production', () => {
    tenant.production = false;
    renderPanel();
    expect(screen.queryByRole('heading', { name: HEADING })).toBeNull();
  });

  it('is not shown unless the application is being validated', () => {
    tenant.production = true;
    renderPanel({ status: 'started' });
    expect(screen.queryByRole('heading', { name: HEADING })).toBeNull();
  });

  it('is not shown when nothing is missing', () => {
    tenant.production = true;
    renderPanel({ answers: { first_name: 'Ada', last_name: 'Lovelace', gender: 'F' } });
    expect(screen.queryByRole('heading', { name: HEADING })).toBeNull();
  });
});
