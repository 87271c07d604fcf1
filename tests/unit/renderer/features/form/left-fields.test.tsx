// @vitest-environment happy-dom
// Issue 33, item 2: an answer that fails its rule says so at its field when the field is left,
// every widget alike, before any submit; nothing typed is dropped; a message waits for a pressed
// pointer's release, so nothing moves between a press and its click.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answers } from '../../../../../common/api';
import { aboutPage } from '../../../../../common/form/pages';
import { aboutMessages, genericMessages } from '../../../../../common/form/schema';
import { allQuestions } from '../../../../../common/form/visibility';
import type { QuestionDef } from '../../../../../common/form/types';
import { Question } from '../../../../../renderer/src/features/form/components/question';
import { formPagesAtom } from '../../../../../renderer/src/state/form-pages';
import { studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';

const KEYS = ['birth_date', 'ssn', 'phone_home', 'email_address', 'gender'];
const questions = aboutPage.sections.flatMap(allQuestions).filter((question) => KEYS.includes(question.key));

function renderQuestions(answers: Answers = {}) {
  const store = createStore();
  store.set(formPagesAtom, [{ ...aboutPage, sections: [{ id: 's', title: 'S', questions }] }]);
  store.set(studentAnswersAtom, answers);
  render(
    <Provider store={store}>
      {questions.map((question: QuestionDef) => (
        <Question key={question.key} question={question} />
      ))}
    </Provider>,
  );
  return { store, answers: () => store.get(studentAnswersAtom) };
}

/** Types `text` into the control (a mask formats it) and leaves it with Tab. */
async function typeAndLeave(control: HTMLElement, text: string) {
  await userEvent.clear(control);
  if (text) await userEvent.type(control, text);
  await userEvent.tab();
}

afterEach(cleanup);

describe('a field left with an answer that fails its rule', () => {
  it('says so at the field, in the rule’s words, for a phone, an e-mail and an SSN alike, and keeps what was typed', async () => {
    const { answers } = renderQuestions();
    await typeAndLeave(screen.getByRole('textbox', { name: 'Social Security Number (optional)' }), '12345');
    await typeAndLeave(screen.getByRole('textbox', { name: 'Email Address (optional)' }), 'mariana@');
    await typeAndLeave(screen.getByRole('textbox', { name: 'Primary Phone' }), '41055501');
    expect(await screen.findByText(aboutMessages.ssnInvalid)).toBeTruthy();
    expect(await screen.findByText(genericMessages.email('Email Address'))).toBeTruthy();
    expect(await screen.findByText(aboutMessages.primaryPhoneInvalid)).toBeTruthy();
    expect(answers()).toMatchObject({ ssn: '123-45', email_address: 'mariana@', phone_home: '(410) 555-01' });
    expect(screen.getByRole('textbox', { name: 'Email Address (optional)' }).getAttribute('aria-describedby')).toContain('email_address-errors');
  });

  it('keeps a date that is not one as typed, says so on leaving, and shows it again from the stored answer', async () => {
    const { answers } = renderQuestions();
    const group = screen.getByRole('group', { name: 'Date of Birth' });
    const part = (name: string) => within(group).getByRole<HTMLInputElement>('textbox', { name });
    fireEvent.change(part('Month'), { target: { value: '13' } });
    fireEvent.change(part('Day'), { target: { value: '32' } });
    fireEvent.change(part('Year'), { target: { value: '88' } });
    // Moving between its own parts is not leaving it.
    fireEvent.focusOut(part('Month'), { relatedTarget: part('Day') });
    expect(answers().birth_date).toBe('13/32/88');
    fireEvent.focusOut(part('Year'), { relatedTarget: null });
    expect(await within(group).findByText(aboutMessages.birthDateInvalid)).toBeTruthy();
    cleanup();

    renderQuestions({ birth_date: '13/32/88' });
    const again = screen.getByRole('group', { name: 'Date of Birth' });
    expect(['Month', 'Day', 'Year'].map((name) => within(again).getByRole<HTMLInputElement>('textbox', { name }).value)).toEqual(['13', '32', '88']);
  });

  it('says nothing for an empty field, and takes the message back once the answer is right', async () => {
    renderQuestions();
    const email = screen.getByRole('textbox', { name: 'Email Address (optional)' });
    await typeAndLeave(email, 'mariana@');
    expect(await screen.findByText(genericMessages.email('Email Address'))).toBeTruthy();
    await typeAndLeave(email, 'mariana@example.org');
    await expect.poll(() => screen.queryByText(genericMessages.email('Email Address'))).toBeNull();
    await typeAndLeave(screen.getByRole('textbox', { name: 'Social Security Number (optional)' }), '');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('keeps a message that still applies when the answer changes after leaving (a mask that loaded late reformats it), and drops it once the answer is right', async () => {
    const { store } = renderQuestions();
    await typeAndLeave(screen.getByRole('textbox', { name: 'Social Security Number (optional)' }), '12345');
    expect(await screen.findByText(aboutMessages.ssnInvalid)).toBeTruthy();
    act(() => store.set(studentAnswersAtom, (answers) => ({ ...answers, ssn: '12345' })));
    expect(screen.getByText(aboutMessages.ssnInvalid)).toBeTruthy();
    act(() => store.set(studentAnswersAtom, (answers) => ({ ...answers, ssn: '123-45-6789' })));
    expect(screen.queryByText(aboutMessages.ssnInvalid)).toBeNull();
  });

  it('waits, when a pointer pressed elsewhere took the focus, for its release and click before the message moves anything', async () => {
    renderQuestions();
    const email = screen.getByRole('textbox', { name: 'Email Address (optional)' });
    const female = screen.getByRole('radio', { name: 'Female' });
    fireEvent.change(email, { target: { value: 'mariana@' } });
    fireEvent.pointerDown(female);
    fireEvent.mouseDown(female);
    // The field's own blur passes by the window's capture too: it is no release.
    fireEvent.blur(email, { relatedTarget: female });
    fireEvent.focusOut(email, { relatedTarget: female });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(genericMessages.email('Email Address'))).toBeNull();
    fireEvent.pointerUp(female);
    fireEvent.mouseUp(female);
    fireEvent.click(female);
    expect(screen.queryByText(genericMessages.email('Email Address'))).toBeNull();
    expect(await screen.findByText(genericMessages.email('Email Address'))).toBeTruthy();
  });
});
