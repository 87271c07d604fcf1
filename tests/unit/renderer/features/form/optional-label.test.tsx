// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { isOptional } from '../../../../../common/form/optional';
import { aboutPage, educationPage } from '../../../../../common/form/pages';
import { slotQuestion } from '../../../../../common/form/repeat';
import type { QuestionDef } from '../../../../../common/form/types';
import { Question } from '../../../../../renderer/src/features/form/components/question';
import { formPagesAtom } from '../../../../../renderer/src/state/form-pages';
import { studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';

function questionOf(key: string): QuestionDef {
  const found = [aboutPage, educationPage].flatMap((page) => page.sections).flatMap((section) => section.questions).find((question) => question.key === key);
  if (!found) throw new Error(`no question ${key}`);
  return found;
}

function renderQuestion(question: QuestionDef) {
  const store = createStore();
  store.set(formPagesAtom, [{ id: 'about', path: '/about', title: 'Test', sections: [{ id: 's', title: 'S', questions: [question] }] }]);
  store.set(studentAnswersAtom, {});
  render(
    <Provider store={store}>
      <Question question={question} />
    </Provider>,
  );
}

afterEach(cleanup);

describe('optional questions (issue 33 item 7)', () => {
  it('labels a question without a required rule "(optional)", and not a required one', () => {
    renderQuestion(questionOf('middle_name'));
    expect(screen.getByRole('textbox', { name: 'Middle Name (optional)' })).toBeTruthy();
    cleanup();
    renderQuestion(questionOf('first_name'));
    expect(screen.getByRole('textbox', { name: 'First Name' })).toBeTruthy();
    expect(screen.queryByText('(optional)', { exact: false })).toBeNull();
  });

  it('counts a conditional requirement as required, and reads each college slot its own rules', () => {
    expect(isOptional(questionOf('middle_name'))).toBe(true);
    expect(isOptional(questionOf('first_name'))).toBe(false);
    // State is required when the country is USA or Canada: shown then, so asked for.
    expect(isOptional(questionOf('state'))).toBe(false);
    const collegeName = questionOf('college_name');
    expect(isOptional(collegeName)).toBe(false);
    expect(isOptional(slotQuestion(collegeName, 2))).toBe(true);
    // An upload tab's document: the text key of its tab group, which it is given instead of, carries the requirement.
    expect(questionOf('resume_doc').givenInsteadOf).toBe('resume');
    expect(isOptional(questionOf('resume_doc'))).toBe(false);
    expect(isOptional({ key: 'resume_doc', widget: 'upload', label: 'Upload your Resume' })).toBe(true);
  });
});
