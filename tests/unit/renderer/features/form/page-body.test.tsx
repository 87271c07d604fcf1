// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Answers } from '../../../../../common/api';
import { createQueryClient } from '../../../../../renderer/src/lib/query-client';
import { aboutPage } from '../../../../../common/form/pages';
import type { PageDef } from '../../../../../common/form/types';
import { FormPageBody } from '../../../../../renderer/src/features/form/components/page-body';
import { formPagesAtom } from '../../../../../renderer/src/state/form-pages';
import { studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { renderPrinted } from '../../print-view';

const yesNo = [
  { value: 'Y', label: 'Yes' },
  { value: 'N', label: 'No' },
];

const workPage: PageDef = {
  id: 'about',
  path: '/about',
  title: 'Work',
  sections: [
    { id: 'job', title: 'Your Job', questions: [{ key: 't_has_job', widget: 'radio', label: 'Do you work?', options: yesNo }] },
    {
      id: 'employer',
      title: 'Your Employer',
      condition: { valueKey: 't_has_job', operator: 'equals', target: 'Y' },
      questions: [
        { key: 't_employer', widget: 'text', label: 'Employer' },
        { key: 't_role', widget: 'select', label: 'Role', options: [{ value: 'ENG', label: 'Engineer' }] },
      ],
    },
    {
      id: 'mailing',
      title: 'Mailing Address',
      trigger: { kind: 'checkbox', key: 't_mail_differs', label: 'My mailing address is different' },
      questions: [{ key: 't_mail_line', widget: 'text', label: 'Mailing Street' }],
    },
    {
      id: 'second-phone',
      title: 'Another Phone',
      trigger: { kind: 'button', label: 'Add another phone number' },
      questions: [{ key: 't_phone_2', widget: 'text', label: 'Second Phone' }],
    },
    {
      id: 'place',
      title: 'Where You Work',
      questions: [
        {
          key: 't_country',
          widget: 'select',
          label: 'Country',
          options: [
            { value: 'US', label: 'United States' },
            { value: 'CA', label: 'Canada' },
            { value: 'FR', label: 'France' },
          ],
        },
        {
          key: 't_region',
          widget: 'select',
          label: 'Region',
          dependsOn: {
            controlKey: 't_country',
            category: 'displayAndOptions',
            optionsByValue: { US: [{ value: 'MD', label: 'Maryland' }], CA: [{ value: 'ON', label: 'Ontario' }] },
          },
        },
      ],
    },
  ],
};

function renderBody(page: PageDef, options: { answers?: Answers; pages?: readonly PageDef[] } = {}) {
  const store = createStore();
  if (options.pages) store.set(formPagesAtom, options.pages);
  store.set(studentAnswersAtom, options.answers ?? {});
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Provider store={store}>
        <MemoryRouter initialEntries={[page.path]}>
          <FormPageBody page={page} />
        </MemoryRouter>
      </Provider>
    </QueryClientProvider>,
  );
  return { ...view, answers: () => store.get(studentAnswersAtom) };
}

describe('form page body', () => {
  it('renders the sections in order, each an h3 naming its <section>', () => {
    renderBody(workPage, { pages: [workPage] });
    const regions = screen.getAllByRole('region');
    const headings = regions.map((region) => within(region).getByRole('heading', { level: 3 }));
    expect(headings.map((heading) => heading.textContent)).toEqual(['Your Job', 'Mailing Address', 'Another Phone', 'Where You Work']);
    regions.forEach((region, index) => expect(region.getAttribute('aria-labelledby')).toBe(headings[index]?.id));
  });

  it('shows a section when its condition holds and clears its answers (to null) when it no longer does', async () => {
    const { answers } = renderBody(workPage, { pages: [workPage] });
    expect(screen.queryByRole('heading', { name: 'Your Employer' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Employer (optional)' }), 'NASA');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role (optional)' }), 'Engineer');
    expect(answers()).toMatchObject({ t_employer: 'NASA', t_role: 'ENG', t_role_desc: 'Engineer' });

    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('heading', { name: 'Your Employer' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Employer' })).toBeNull();
    expect(answers()).toEqual({ t_has_job: 'N', t_has_job_desc: 'No', t_employer: null, t_role: null, t_role_desc: null });
  });

  it('opens a checkbox-triggered section while its box is checked and clears it when unchecked', async () => {
    const { answers } = renderBody(workPage, { pages: [workPage] });
    const section = screen.getByRole('region', { name: 'Mailing Address' });
    expect(within(section).queryByRole('textbox')).toBeNull();
    await userEvent.click(within(section).getByRole('checkbox', { name: 'My mailing address is different' }));
    await userEvent.type(within(section).getByRole('textbox', { name: 'Mailing Street (optional)' }), '1 Main St');
    expect(answers()).toMatchObject({ t_mail_differs: true, t_mail_line: '1 Main St' });
    await userEvent.click(within(section).getByRole('checkbox', { name: 'My mailing address is different' }));
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(answers()).toMatchObject({ t_mail_differs: false, t_mail_line: null });
  });

  it('reveals a button-triggered section for good and moves focus into it', async () => {
    const { answers } = renderBody(workPage, { pages: [workPage] });
    const section = screen.getByRole('region', { name: 'Another Phone' });
    expect(within(section).queryByRole('textbox')).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Add another phone number' }));
    const field = within(section).getByRole('textbox', { name: 'Second Phone (optional)' });
    expect(document.activeElement).toBe(field);
    expect(within(section).queryByRole('button')).toBeNull();
    await userEvent.type(field, '1');
    await userEvent.clear(field);
    expect(answers().t_phone_2).toBeNull();
    expect(within(section).getByRole('textbox', { name: 'Second Phone (optional)' })).toBeTruthy();
  });

  it('opens a button-triggered section at once when one of its answers is given', () => {
    renderBody(workPage, { pages: [workPage], answers: { t_phone_2: '555' } });
    const section = screen.getByRole('region', { name: 'Another Phone' });
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).getByRole<HTMLInputElement>('textbox', { name: 'Second Phone (optional)' }).value).toBe('555');
  });

  it('shows a dependent select only with options for the controlling answer and clears it when that changes', async () => {
    const { answers } = renderBody(workPage, { pages: [workPage] });
    const country = screen.getByRole('combobox', { name: 'Country (optional)' });
    expect(screen.queryByRole('combobox', { name: 'Region' })).toBeNull();
    await userEvent.selectOptions(country, 'United States');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Region (optional)' }), 'Maryland');
    expect(answers()).toMatchObject({ t_region: 'MD', t_region_desc: 'Maryland' });
    await userEvent.selectOptions(country, 'Canada');
    expect(answers()).toMatchObject({ t_country: 'CA', t_region: null, t_region_desc: null });
    const region = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Region (optional)' });
    expect([...region.options].map((option) => option.textContent)).toEqual(['--', 'Ontario']);
    await userEvent.selectOptions(country, 'France');
    expect(screen.queryByRole('combobox', { name: 'Region' })).toBeNull();
  });

  it('prints the shown sections with no controls at all', () => {
    const { container } = renderPrinted([workPage], { answers: { t_has_job: 'Y', t_employer: 'NASA', t_mail_differs: false } });
    expect(container.querySelectorAll('input, select, textarea, button')).toHaveLength(0);
    expect(container.textContent).toContain('[X] Yes');
    expect(container.textContent).toContain('NASA');
    expect(container.textContent).toContain('[ ] My mailing address is different');
    expect(container.textContent).not.toContain('Mailing Street');
  });
});

describe('the About You page', () => {
  it('hides and clears the visa answers once the applicant says they are a U.S. citizen', async () => {
    const { answers } = renderBody(aboutPage);
    const status = screen.getByRole('group', { name: 'Citizenship Status' });
    expect(screen.queryByRole('heading', { name: 'Country of Citizenship and Visa' })).toBeNull();

    await userEvent.click(within(status).getByRole('radio', { name: /^Citizen of another country/ }));
    const visa = screen.getByRole('region', { name: 'Country of Citizenship and Visa' });
    await userEvent.selectOptions(within(visa).getByRole('combobox', { name: 'Country of Citizenship' }), 'Canada');
    await userEvent.selectOptions(within(visa).getByRole('combobox', { name: 'Visa Status' }), 'F-1 Student');
    expect(answers()).toMatchObject({ citizenship: expect.any(String), citizenship_visa_status: 'F1', citizenship_visa_status_desc: 'F-1 Student' });

    await userEvent.click(within(status).getByRole('radio', { name: 'U.S. citizen' }));
    expect(screen.queryByRole('region', { name: 'Country of Citizenship and Visa' })).toBeNull();
    expect(answers()).toMatchObject({
      citizenship_type: '1',
      citizenship_type_desc: 'U.S. citizen',
      citizenship: null,
      citizenship_desc: null,
      citizenship_visa_status: null,
      citizenship_visa_status_desc: null,
    });
  });

  it('renders every shown question with an element whose id is its key', () => {
    renderBody(aboutPage);
    for (const section of aboutPage.sections) {
      if (section.condition || section.trigger) continue;
      for (const question of section.questions) {
        if (question.condition || question.dependsOn) continue;
        expect(document.getElementById(question.key), question.key).not.toBeNull();
      }
    }
  });
});
