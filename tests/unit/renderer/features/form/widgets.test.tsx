// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { Answers } from '../../../../../common/api';
import { SMS_OPT_IN_LABEL } from '../../../../../common/form/pages/question-factories';
import { tenant } from '../../../../../common/form/tenant';
import type { QuestionDef } from '../../../../../common/form/types';
import { Question } from '../../../../../renderer/src/features/form/components/question';
import { checkboxWidget } from '../../../../../renderer/src/features/form/components/widgets/checkbox';
import type { WidgetProps, WidgetView } from '../../../../../renderer/src/features/form/components/widgets/field-parts';
import { radioWidget } from '../../../../../renderer/src/features/form/components/widgets/radio';
import { formPagesAtom } from '../../../../../renderer/src/state/form-pages';
import { studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { renderPrintedQuestion } from '../../print-view';

/** One question on a page of its own, so the clearing rules see only it. */
function renderQuestion(question: QuestionDef, options: { answers?: Answers } = {}) {
  const store = createStore();
  store.set(formPagesAtom, [{ id: 'about', path: '/about', title: 'Test', sections: [{ id: 's', title: 'S', questions: [question] }] }]);
  store.set(studentAnswersAtom, options.answers ?? {});
  const view = render(
    <Provider store={store}><Question question={question} /></Provider>,
  );
  return { ...view, store, answers: () => store.get(studentAnswersAtom) };
}

function renderEdit(widget: WidgetView, question: QuestionDef, errors: string[]) {
  const props: WidgetProps = {
    question,
    value: undefined,
    answers: {},
    errors,
    fieldErrors: { [question.key]: errors },
    hint: null,
    hintId: undefined,
    onChange: () => {},
  };
  return render(<widget.Edit {...props} />);
}

function expectNoControls(container: HTMLElement) {
  expect(container.querySelectorAll('input, select, textarea, button')).toHaveLength(0);
}

const states = [
  { value: 'MD', label: 'Maryland' },
  { value: 'VA', label: 'Virginia' },
];

describe('text widget', () => {
  it('is labelled, carries the key as id, caps the length at 45 by default and writes as typed', async () => {
    const { answers } = renderQuestion({ key: 'test_nickname', widget: 'text', label: 'Nickname' });
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Nickname (optional)' });
    expect(input.id).toBe('test_nickname');
    expect(input.maxLength).toBe(45);
    await userEvent.type(input, 'Ada');
    expect(answers().test_nickname).toBe('Ada');
    await userEvent.clear(input);
    expect(answers().test_nickname).toBeNull();
  });

  it('takes its length from the question when it gives one', () => {
    renderQuestion({ key: 'test_code', widget: 'text', label: 'Code', maxLength: 3 });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Code (optional)' }).maxLength).toBe(3);
  });

  it('prints the answer as plain text', () => {
    const { container } = renderPrintedQuestion({ key: 'test_nickname', widget: 'text', label: 'Nickname' }, { answers: { test_nickname: 'Ada' } });
    expect(container.textContent).toContain('Nickname');
    expect(container.textContent).toContain('Ada');
    expectNoControls(container);
  });
});

describe('select widget', () => {
  const question: QuestionDef = { key: 'test_state', widget: 'select', label: 'State', options: states };

  it("starts with an empty '--' option and writes the value with its _desc label", async () => {
    const { answers } = renderQuestion(question);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'State (optional)' });
    expect(select.id).toBe('test_state');
    const first = select.options[0];
    expect(first?.value).toBe('');
    expect(first?.textContent).toBe('--');
    await userEvent.selectOptions(select, 'Virginia');
    expect(answers()).toMatchObject({ test_state: 'VA', test_state_desc: 'Virginia' });
    await userEvent.selectOptions(select, '--');
    expect(answers()).toMatchObject({ test_state: null, test_state_desc: null });
  });

  it('prints only the chosen label', () => {
    const { container } = renderPrintedQuestion(question, { answers: { test_state: 'MD', test_state_desc: 'Maryland' } });
    expect(container.textContent).toContain('Maryland');
    expect(container.textContent).not.toContain('Virginia');
    expect(container.textContent).not.toContain('--');
    expectNoControls(container);
  });
});

describe('radio widget', () => {
  const question: QuestionDef = {
    key: 'test_citizenship',
    widget: 'radio',
    label: 'Citizenship Status',
    options: [
      { value: '1', label: 'U.S. citizen' },
      { value: '2', label: 'Permanent resident' },
      { value: '3', label: 'Another country' },
    ],
  };

  it('is a fieldset with a legend, focusable by its key, and writes the value with _desc', async () => {
    const { answers } = renderQuestion(question);
    const group = screen.getByRole('group', { name: 'Citizenship Status (optional)' });
    expect(group.tagName).toBe('FIELDSET');
    expect(group.id).toBe('test_citizenship');
    expect(group.getAttribute('tabindex')).toBe('-1');
    await userEvent.click(within(group).getByRole('radio', { name: 'Permanent resident' }));
    expect(answers()).toMatchObject({ test_citizenship: '2', test_citizenship_desc: 'Permanent resident' });
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: 'Permanent resident' }).checked).toBe(true);
  });

  it('prints every answer marked [X] or [ ], in columns when there are more than two', () => {
    const { container } = renderPrintedQuestion(question, { answers: { test_citizenship: '1' } });
    expect(container.textContent).toContain('[X] U.S. citizen');
    expect(container.textContent).toContain('[ ] Permanent resident');
    expect(container.textContent).toContain('[ ] Another country');
    expect(container.querySelector('.print-choices--columns')).not.toBeNull();
    expectNoControls(container);
  });

  it('keeps a Yes / No pair out of columns in print', () => {
    const yesNo: QuestionDef = { key: 'test_yes', widget: 'radio', label: 'Yes?', options: [{ value: 'Y', label: 'Yes' }, { value: 'N', label: 'No' }] };
    const { container } = renderPrintedQuestion(yesNo, { answers: { test_yes: 'N' } });
    expect(container.textContent).toContain('[ ] Yes');
    expect(container.textContent).toContain('[X] No');
    expect(container.querySelector('.print-choices--columns')).toBeNull();
  });

  it('shows each error once, with an icon hidden from screen readers, tied to the group', () => {
    renderEdit(radioWidget, question, ['Citizenship Status is required.', 'Citizenship Status is required.']);
    const group = screen.getByRole('group', { name: 'Citizenship Status (optional)' });
    const items = within(group).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]?.querySelector('[aria-hidden="true"]')?.textContent).toBe('⚠');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    const errorList = document.getElementById(group.getAttribute('aria-describedby') ?? '');
    expect(errorList?.textContent).toContain('Citizenship Status is required.');
  });
});

describe('checkbox widget', () => {
  const question: QuestionDef = { key: 'test_agree', widget: 'checkbox', label: 'I agree' };

  it('writes true and false', async () => {
    const { answers } = renderQuestion(question);
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    expect(box.id).toBe('test_agree');
    await userEvent.click(box);
    expect(answers().test_agree).toBe(true);
    await userEvent.click(box);
    expect(answers().test_agree).toBe(false);
  });

  it('prints [X] when checked and [ ] when not', () => {
    const checked = renderPrintedQuestion(question, { answers: { test_agree: true } });
    expect(checked.container.textContent).toBe('[X] I agree');
    expectNoControls(checked.container);
    checked.unmount();
    const unchecked = renderPrintedQuestion(question);
    expect(unchecked.container.textContent).toBe('[ ] I agree');
  });

  it('marks its error with an icon and ties it with aria-describedby', () => {
    renderEdit(checkboxWidget, question, ['You must agree.']);
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const errorList = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(errorList?.textContent).toBe('⚠You must agree.');
    expect(errorList?.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });
});

describe('check group widget', () => {
  const question: QuestionDef = {
    key: 'test_race',
    widget: 'checkGroup',
    label: 'Race',
    members: [
      { key: 'test_race_asian', label: 'Asian' },
      { key: 'test_race_white', label: 'White' },
    ],
  };

  it('writes one key per member under a focusable fieldset', async () => {
    const { answers } = renderQuestion(question);
    const group = screen.getByRole('group', { name: 'Race (optional)' });
    expect(group.id).toBe('test_race');
    expect(group.getAttribute('tabindex')).toBe('-1');
    const asian = within(group).getByRole('checkbox', { name: 'Asian' });
    expect(asian.id).toBe('test_race_asian');
    await userEvent.click(asian);
    expect(answers()).toEqual({ test_race_asian: true });
  });

  it('prints each member marked', () => {
    const { container } = renderPrintedQuestion(question, { answers: { test_race_white: true } });
    expect(container.textContent).toContain('[ ] Asian');
    expect(container.textContent).toContain('[X] White');
    expectNoControls(container);
  });
});

describe('masked text widget', () => {
  it('inserts the separators of its format as the digits are typed, on a numeric keypad', async () => {
    const { answers } = renderQuestion({ key: 'test_ssn', widget: 'text', label: 'Social Security Number', inputMode: 'numeric', mask: '000-00-0000' });
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Social Security Number (optional)' });
    expect(input.id).toBe('test_ssn');
    expect(input.inputMode).toBe('numeric');
    await userEvent.type(input, '123456789');
    expect(input.value).toBe('123-45-6789');
    expect(answers().test_ssn).toBe('123-45-6789');
  });

  it('asks for a keypad with a decimal point where the definition says decimal', () => {
    renderQuestion({ key: 'test_gpa', widget: 'text', label: 'GPA', inputMode: 'decimal' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'GPA (optional)' }).inputMode).toBe('decimal');
  });
});

describe('date widget', () => {
  const question: QuestionDef = { key: 'test_birth', widget: 'date', label: 'Date of Birth' };

  /** The three fields of the date group named by the question's label. */
  function dateFields(label = 'Date of Birth (optional)') {
    const group = screen.getByRole('group', { name: label });
    const field = (name: string) => within(group).getByRole<HTMLInputElement>('textbox', { name });
    return { group, month: field('Month'), day: field('Day'), year: field('Year') };
  }

  it('asks month, day and year as numeric text fields in one group, the month carrying the key as id', () => {
    renderQuestion(question, { answers: { test_birth: '1990-01-15' } });
    const { month, day, year } = dateFields();
    expect([month.value, day.value, year.value]).toEqual(['01', '15', '1990']);
    expect(month.id).toBe('test_birth');
    for (const input of [month, day, year]) {
      expect(input.type).toBe('text');
      expect(input.inputMode).toBe('numeric');
    }
  });

  it('writes a valid date, keeps what was typed while it is no day (issue 33, item 2) and clears the answer when emptied', () => {
    const { answers } = renderQuestion(question, { answers: { test_birth: '1990-01-15' } });
    const { month, day, year } = dateFields();
    fireEvent.change(year, { target: { value: '1991' } });
    expect(answers().test_birth).toBe('1991-01-15');
    fireEvent.change(month, { target: { value: '2' } });
    fireEvent.change(day, { target: { value: '31' } });
    expect(answers().test_birth).toBe('2/31/1991');
    fireEvent.change(day, { target: { value: '28' } });
    expect(answers().test_birth).toBe('1991-02-28');
    for (const input of [month, day, year]) fireEvent.change(input, { target: { value: '' } });
    expect(answers().test_birth).toBeNull();
  });

  it('takes digits typed in a row into the month, with or without separators', async () => {
    const { answers } = renderQuestion(question);
    const { month, day, year } = dateFields();
    await userEvent.type(month, '05141990');
    expect([month.value, day.value, year.value]).toEqual(['05', '14', '1990']);
    expect(answers().test_birth).toBe('1990-05-14');
    for (const input of [month, day, year]) await userEvent.clear(input);
    await userEvent.type(month, '11/27/2026');
    expect(answers().test_birth).toBe('2026-11-27');
    expect(document.activeElement).toBe(year);
  });

  it('says at once, when focus leaves the date, that what was typed is not a date', async () => {
    const { answers } = renderQuestion({ ...question, key: 'birth_date' });
    const { group, month } = dateFields();
    await userEvent.type(month, '02302026');
    expect(answers().birth_date).toBe('02/30/2026');
    expect(within(group).queryByText('A valid date of birth is required')).toBeNull();
    await userEvent.tab();
    expect(await within(group).findByText('A valid date of birth is required')).toBeTruthy();
    expect(group.getAttribute('aria-describedby')).toContain('birth_date-errors');
    await userEvent.clear(dateFields().day);
    await userEvent.type(dateFields().day, '28');
    expect(answers().birth_date).toBe('2026-02-28');
    expect(within(group).queryByText('A valid date of birth is required')).toBeNull();
  });

  it('says nothing when focus moves between its own fields or leaves it empty', async () => {
    renderQuestion({ ...question, key: 'birth_date' });
    const { group, month } = dateFields();
    await userEvent.type(month, '02');
    await userEvent.tab();
    expect(within(group).queryByText('A valid date of birth is required')).toBeNull();
    await userEvent.clear(month);
    for (let step = 0; step < 3; step++) await userEvent.tab();
    expect(group.contains(document.activeElement)).toBe(false);
    expect(within(group).queryByRole('listitem')).toBeNull();
  });

  it('prints the date as MM/DD/YYYY', () => {
    const { container } = renderPrintedQuestion(question, { answers: { test_birth: '1990-01-15' } });
    expect(container.textContent).toContain('01/15/1990');
    expectNoControls(container);
  });
});

describe('phone widget', () => {
  const question: QuestionDef = { key: 'test_mobile', widget: 'phone', label: 'Cell Phone', smsOptInKey: 'test_optin' };

  it('formats the number as it is typed and writes what it shows', async () => {
    const { answers } = renderQuestion(question);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Cell Phone (optional)' });
    expect(input.id).toBe('test_mobile');
    await userEvent.type(input, '410555');
    expect(input.value).toBe('(410) 555');
    await userEvent.type(input, '0142');
    expect(input.value).toBe('(410) 555-0142');
    expect(answers().test_mobile).toBe('(410) 555-0142');
  });

  it('offers the text-message opt-in beneath when the question has one', async () => {
    const { answers } = renderQuestion(question);
    const optIn = screen.getByRole('checkbox', { name: SMS_OPT_IN_LABEL });
    expect(optIn.id).toBe('test_optin');
    await userEvent.click(optIn);
    expect(answers().test_optin).toBe(true);
  });

  it('has no opt-in when the question has none', () => {
    renderQuestion({ key: 'test_home', widget: 'phone', label: 'Primary Phone' });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('prints the number and the opt-in as text', () => {
    const { container } = renderPrintedQuestion(question, { answers: { test_mobile: '(410) 555-0142', test_optin: true } });
    expect(container.textContent).toContain('(410) 555-0142');
    expect(container.textContent).toContain(`[X] ${SMS_OPT_IN_LABEL}`);
    expectNoControls(container);
  });
});

describe('textarea widget', () => {
  const question: QuestionDef = { key: 'personal_statement', widget: 'textarea', label: 'Personal Statement', maxLength: tenant.character_limit };

  it('counts characters live against the limit and commits only on blur', async () => {
    const { answers } = renderQuestion(question);
    const area = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Personal Statement (optional)' });
    const counter = screen.getByText('Character count: 0 / 7000');
    expect(counter.getAttribute('aria-live')).toBe('polite');
    expect(area.maxLength).toBe(7000);
    expect(area.getAttribute('rows')).toBe('6');
    await userEvent.type(area, 'Hello');
    expect(counter.textContent).toBe('Character count: 5 / 7000');
    expect(answers().personal_statement).toBeUndefined();
    await userEvent.tab();
    expect(answers().personal_statement).toBe('Hello');
  });

  it("counts to the tenant's character limit, which the model gives every text area (issue 17, item 6)", () => {
    renderQuestion({ key: 'conviction_comment', widget: 'textarea', label: 'Explanation', rows: 3 });
    expect(screen.getByText(`Character count: 0 / ${tenant.character_limit}`)).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Explanation (optional)' }).maxLength).toBe(tenant.character_limit);
    expect(screen.getByRole('textbox', { name: 'Explanation (optional)' }).getAttribute('rows')).toBe('3');
  });

  it('takes its limit from its declaration, which the data model is made from', () => {
    renderQuestion({ key: 'suspended_comment', widget: 'textarea', label: 'Short', maxLength: 300 });
    expect(screen.getByText('Character count: 0 / 300')).toBeTruthy();
    cleanup();
    renderQuestion({ key: 'suspended_comment', widget: 'textarea', label: 'Default' });
    expect(screen.getByText(`Character count: 0 / ${tenant.character_limit}`)).toBeTruthy();
  });

  it('commits what was typed when it goes away before a blur', async () => {
    const { answers, unmount } = renderQuestion(question);
    await userEvent.type(screen.getByRole('textbox', { name: 'Personal Statement (optional)' }), 'Unsaved thought');
    expect(answers().personal_statement).toBeUndefined();
    unmount();
    expect(answers().personal_statement).toBe('Unsaved thought');
  });

  it('prints the text', () => {
    const { container } = renderPrintedQuestion(question, { answers: { personal_statement: 'Line one\nLine two' } });
    expect(container.textContent).toContain('Line one\nLine two');
    expectNoControls(container);
  });
});
