// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers, LookupItem, LookupRecord } from '../../../../../common/api';
import { addressLookupFills, schoolLookupFills } from '../../../../../common/form/lookups';
import { lookupQuestion } from '../../../../../common/form/pages/question-factories';
import type { QuestionDef } from '../../../../../common/form/types';
import { Question } from '../../../../../renderer/src/features/form/components/question';
import { SCHOOL_NOT_CHOSEN_HINT } from '../../../../../renderer/src/features/form/components/widgets/lookup-messages';
import { createQueryClient } from '../../../../../renderer/src/lib/query-client';
import { formPagesAtom } from '../../../../../renderer/src/state/form-pages';
import { studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { renderPrintedQuestion } from '../../print-view';
import { stubApi } from '../../render-app';

const zip = lookupQuestion('zip', 'ZIP/Postal Code', { category: 'address', fills: addressLookupFills('') });
const college = lookupQuestion('college_name_3', 'Search for Your School', { category: 'college_ceeb', fills: schoolLookupFills('college_', 3) });

const zipResults: LookupItem[] = [
  { text: 'Baltimore, MD 21201', id: '21201', sub_text: 'Baltimore City' },
  { text: 'Baltimore, MD 21202', id: '21202', sub_text: 'Baltimore City' },
];
const baltimore: LookupRecord = { city: 'Baltimore', state: 'Maryland', zip: '21201', country: 'USA' };

const search = (category: string, text: string) =>
  `GET /lookup/find?text=${encodeURIComponent(text).replace(/%20/g, '+')}&category=${category}&max_results=5`;
const detail = (category: string, id: string) => `GET /lookup/find?id=${id}&category=${category}`;
const failure = { status: 500, body: { message: 'The lookup service is down.' } };

/** One lookup question on a page of its own, with a fresh query cache. */
function renderLookup(question: QuestionDef, options: { answers?: Answers } = {}) {
  const store = createStore();
  store.set(formPagesAtom, [{ id: 'about', path: '/about', title: 'Test', sections: [{ id: 's', title: 'S', questions: [question] }] }]);
  store.set(studentAnswersAtom, options.answers ?? {});
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Provider store={store}><Question question={question} /></Provider>
    </QueryClientProvider>,
  );
  return { ...view, answers: () => store.get(studentAnswersAtom) };
}

const statusText = () => screen.getByRole('status').textContent;

afterEach(() => vi.unstubAllGlobals());

describe('lookup widget', () => {
  it('is a labelled combobox carrying the key as id, and writes what is typed as its own answer', async () => {
    stubApi({});
    const { answers } = renderLookup(zip);
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'ZIP/Postal Code (optional)' });
    expect(input.id).toBe('zip');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await userEvent.type(input, '2');
    expect(answers().zip).toBe('2');
    await userEvent.clear(input);
    expect(answers().zip).toBeNull();
  });

  it('searches after the debounce, shows up to 5 options with their sub-text and announces the count', async () => {
    const calls = stubApi({ [search('address', '2120')]: { body: zipResults } });
    renderLookup(zip);
    const input = screen.getByRole('combobox', { name: 'ZIP/Postal Code (optional)' });
    await userEvent.type(input, '2120');
    expect(calls).toHaveLength(0);

    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Baltimore, MD 21201Baltimore City', 'Baltimore, MD 21202Baltimore City']);
    expect(screen.getByRole('listbox')).toBe(options[0]?.parentElement);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(statusText()).toBe('2 results available.'));
    // One search for the settled text; a single character is never searched.
    expect(calls.map((call) => call.path)).toEqual(['/lookup/find?text=2120&category=address&max_results=5']);
  });

  it('chooses with the keyboard and writes every key it fills, with the _desc labels, at once', async () => {
    const calls = stubApi({
      [search('address', '2120')]: { body: zipResults },
      [detail('address', '21201')]: { body: baltimore },
    });
    const { answers } = renderLookup(zip, { answers: { address_line_1: '10 Light St' } });
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'ZIP/Postal Code (optional)' });
    await userEvent.type(input, '2120');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]?.id);
    await userEvent.keyboard('{Enter}');

    await waitFor(() =>
      expect(answers()).toEqual({
        address_line_1: '10 Light St',
        city: 'Baltimore',
        state: 'Maryland',
        state_desc: 'Maryland',
        zip: '21201',
        country: 'USA',
        country_desc: 'United States',
      }),
    );
    expect(calls.at(-1)?.path).toBe('/lookup/find?id=21201&category=address');
    expect(input.value).toBe('21201');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('chooses with a tap or click too, and Escape closes the list without choosing', async () => {
    stubApi({
      [search('address', '2120')]: { body: zipResults },
      [detail('address', '21202')]: { body: { ...baltimore, zip: '21202' } },
    });
    const { answers } = renderLookup(zip);
    const input = screen.getByRole('combobox', { name: 'ZIP/Postal Code (optional)' });
    await userEvent.type(input, '2120');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('option')).toBeNull();
    expect(answers().zip).toBe('2120');

    await userEvent.type(input, '{ArrowDown}');
    await userEvent.click(await screen.findByRole('option', { name: /21202/ }));
    await waitFor(() => expect(answers()).toMatchObject({ zip: '21202', city: 'Baltimore' }));
  });

  it('shows no options and no error when the search fails', async () => {
    stubApi({ [search('address', '2120')]: failure });
    const { container, answers } = renderLookup(zip);
    const input = screen.getByRole('combobox', { name: 'ZIP/Postal Code (optional)' });
    await userEvent.type(input, '2120');
    await waitFor(() => expect(statusText()).toBe('No results.'));
    expect(screen.queryByRole('option')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.textContent).not.toContain('down');
    expect(answers().zip).toBe('2120');
  });

  it('uses the chosen label as the street when the detail lookup fails', async () => {
    stubApi({ [search('address', '2120')]: { body: zipResults }, [detail('address', '21201')]: failure });
    const { answers } = renderLookup(zip);
    await userEvent.type(screen.getByRole('combobox', { name: 'ZIP/Postal Code (optional)' }), '2120');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(answers()).toEqual({ zip: '2120', address_line_1: 'Baltimore, MD 21201' }));
  });

  it('fills a school by the slot’s keys, or uses the chosen label as its name when the detail fails', async () => {
    const umd: LookupItem = { text: 'University of Maryland, College Park', id: 'umd', sub_text: 'College Park, MD' };
    stubApi({
      [search('college_ceeb', 'univ mary')]: { body: [umd] },
      [detail('college_ceeb', 'umd')]: failure,
    });
    const { answers } = renderLookup(college, { answers: { college_ceeb_3: '9999' } });
    await userEvent.type(screen.getByRole('combobox', { name: 'Search for Your School (optional)' }), 'univ mary');
    await userEvent.click(await screen.findByRole('option', { name: /University of Maryland/ }));
    await waitFor(() => expect(answers()).toEqual({ college_name_3: 'University of Maryland, College Park', college_ceeb_3: null }));
    expect(screen.queryByText(SCHOOL_NOT_CHOSEN_HINT)).toBeNull();
  });

  it('asks for the school’s details when a name is typed and not chosen', async () => {
    stubApi({ [search('college_ceeb', 'Hopkins Night School')]: { body: [] } });
    const { answers } = renderLookup(college);
    const input = screen.getByRole('combobox', { name: 'Search for Your School (optional)' });
    expect(screen.queryByText(SCHOOL_NOT_CHOSEN_HINT)).toBeNull();
    await userEvent.type(input, 'Hopkins Night School');
    const hint = await screen.findByText(SCHOOL_NOT_CHOSEN_HINT);
    expect(input.getAttribute('aria-describedby')).toContain(hint.id);
    expect(answers().college_name_3).toBe('Hopkins Night School');
  });

  it('does not show the school hint for an address', async () => {
    stubApi({ [search('address', 'Nowhere')]: { body: [] } });
    renderLookup(zip);
    await userEvent.type(screen.getByRole('combobox', { name: 'ZIP/Postal Code (optional)' }), 'Nowhere');
    await waitFor(() => expect(statusText()).toBe('No results.'));
    expect(screen.queryByText(SCHOOL_NOT_CHOSEN_HINT)).toBeNull();
  });

  it('prints a school as its name with the school code in parentheses', () => {
    const { container } = renderPrintedQuestion(college, {
      answers: { college_name_3: 'University of Maryland, College Park', college_ceeb_3: '5814' },
    });
    expect(within(container).getByText('University of Maryland, College Park (5814)')).toBeTruthy();
    expect(container.querySelectorAll('input, ul, button')).toHaveLength(0);
  });

  it('prints a school without a code, and an address, as the value alone', () => {
    const school = renderPrintedQuestion(college, { answers: { college_name_3: 'Goucher College' } });
    expect(school.container.querySelector('.print-field__value')?.textContent).toBe('Goucher College');
    school.unmount();
    const address = renderPrintedQuestion(zip, { answers: { zip: '21201', city: 'Baltimore' } });
    expect(address.container.querySelector('.print-field__value')?.textContent).toBe('21201');
  });
});
