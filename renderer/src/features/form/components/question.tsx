import { memo, useEffect, useMemo, type FocusEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { hintText } from '../../../../../common/form/question-hint';
import type { QuestionDef, Widget } from '../../../../../common/form/types';
import { answersOfAtom, useSetAnswers } from '../../answers/typed-answers';
import { errorsOfAtom, keysReadBy } from '../../../state/field-state';
import { leaveFieldAtom } from '../../../state/left-fields';
import { watchPointer } from '../../../lib/after-pointer-release';
import { checkGroupWidget } from './widgets/check-group';
import { checkboxWidget } from './widgets/checkbox';
import { dateWidget } from './widgets/date';
import { hintIdOf, type WidgetView } from './widgets/field-parts';
import { lookupWidget } from './widgets/lookup';
import { phoneWidget } from './widgets/phone';
import { radioWidget } from './widgets/radio';
import { selectWidget } from './widgets/select';
import { textWidget } from './widgets/text';
import { textareaWidget } from './widgets/textarea';
import { uploadWidget } from './widgets/upload';

const widgets: Record<Widget, WidgetView> = {
  text: textWidget,
  textarea: textareaWidget,
  select: selectWidget,
  radio: radioWidget,
  checkbox: checkboxWidget,
  checkGroup: checkGroupWidget,
  date: dateWidget,
  phone: phoneWidget,
  upload: uploadWidget,
  lookup: lookupWidget,
};

const NO_MESSAGES: readonly string[] = [];

/**
 * The one question renderer (DESIGN.md section 8): the definition picks the widget, the answers
 * and errors come from state. (The print view draws the print model's items instead:
 * features/service-view.)
 *
 * It follows only the answers and errors of the keys its widget reads (`keysReadBy`), and the
 * question is memoized, so a keystroke re-renders the field typed in, not the whole page.
 *
 * Focus leaving the question (not moving between a date's parts) checks its answer
 * (left-fields.ts); the wrapper has no box of its own, so the page's layout is the widgets'.
 */
export const Question = memo(function Question({ question }: { question: QuestionDef }) {
  const [ownAnswers, ownErrors] = useMemo(() => {
    const keys = keysReadBy(question);
    return [answersOfAtom(keys), errorsOfAtom(keys)];
  }, [question]);
  const answers = useAtomValue(ownAnswers);
  const fieldErrors = useAtomValue(ownErrors);
  const setAnswers = useSetAnswers();
  const leaveField = useSetAtom(leaveFieldAtom);
  useEffect(() => watchPointer(), []);
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) void leaveField(question.key);
  };
  const { Edit } = widgets[question.widget];
  const value = answers[question.key];

  const hintShown = hintText(question, answers);
  const hintId = hintShown ? hintIdOf(question.key) : undefined;
  const hint = hintShown ? (
    <p id={hintId} className="field__hint">
      {hintShown}
    </p>
  ) : null;
  return (
    <div className="question" style={{ display: 'contents' }} onBlur={leave}>
      <Edit
        question={question}
        value={value}
        answers={answers}
        errors={fieldErrors[question.key] ?? NO_MESSAGES}
        fieldErrors={fieldErrors}
        hint={hint}
        hintId={hintId}
        onChange={setAnswers}
      />
    </div>
  );
});
