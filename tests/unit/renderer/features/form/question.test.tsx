// @vitest-environment happy-dom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { PageDef, QuestionDef } from '../../../../../common/form/types';
import { Question } from '../../../../../renderer/src/features/form/components/question';
import { formPagesAtom } from '../../../../../renderer/src/state/form-pages';
import { studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { webStatusAtom } from '../../../../../renderer/src/state/snapshot';

const firstName: QuestionDef = { key: 'first_name', widget: 'text', label: 'First Name', hint: 'As on your passport.' };
const gender: QuestionDef = {
  key: 'gender',
  widget: 'radio',
  label: 'Gender',
  hint: 'As on your government ID.',
  options: [
    { value: 'F', label: 'Female' },
    { value: 'M', label: 'Male' },
    { value: 'X', label: 'Another gender' },
  ],
};
const page: PageDef = { id: 'about', path: '/about', title: 'About You', sections: [{ id: 'who', title: 'Who', questions: [firstName, gender] }] };

function renderQuestions(validating: boolean) {
  const store = createStore();
  store.set(formPagesAtom, [page]);
  if (validating) store.set(webStatusAtom, 'validating');
  render(
    <Provider store={store}>
      <Question question={firstName} />
      <Question question={gender} />
    </Provider>,
  );
  return store;
}

function describedText(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

describe('question renderer', () => {
  it('labels each control, gives it the answer key as id and ties the hint with aria-describedby', () => {
    renderQuestions(false);
    const input = screen.getByRole('textbox', { name: 'First Name (optional)' });
    expect(input.id).toBe('first_name');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(describedText(input)).toEqual(['As on your passport.']);
    const group = screen.getByRole('group', { name: 'Gender (optional)' });
    expect(group.id).toBe('gender');
    expect(describedText(group)).toEqual(['As on your government ID.']);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows no errors until the status is validating', () => {
    const store = renderQuestions(false);
    expect(store.get(studentAnswersAtom)).toEqual({});
    expect(screen.queryByText('First Name is required.')).toBeNull();
  });

  it('while validating, shows the messages in the field and ties them after the hint', async () => {
    const store = renderQuestions(true);
    const input = screen.getByRole('textbox', { name: 'First Name (optional)' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toEqual(['As on your passport.', 'First Name is required.']);
    const group = screen.getByRole('group', { name: 'Gender (optional)' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(group)).toEqual(['As on your government ID.', '⚠Gender is required.']);
    expect(within(group).getAllByText('Gender is required.')).toHaveLength(1);

    await userEvent.type(input, 'Ada');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(describedText(input)).toEqual(['As on your passport.']);
    act(() => store.set(webStatusAtom, 'submitted'));
    expect(screen.queryByText('Gender is required.')).toBeNull();
  });
});
