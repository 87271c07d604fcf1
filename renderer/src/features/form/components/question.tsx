import { useAtomValue, useSetAtom } from 'jotai';
import type { QuestionDef, Widget } from '../../../../../common/form/types';
import { setAnswersAtom } from '../../../state/answer-changes';
import { studentAnswersAtom } from '../../../state/answers';
import { isServiceUserAtom } from '../../../state/session';
import { fieldErrorsAtom } from '../../../state/validation';
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
 * and errors come from state, and a service user gets the widget's print view instead.
 */
export function Question({ question }: { question: QuestionDef }) {
  const answers = useAtomValue(studentAnswersAtom);
  const fieldErrors = useAtomValue(fieldErrorsAtom);
  const setAnswers = useSetAtom(setAnswersAtom);
  const print = useAtomValue(isServiceUserAtom);
  const { Edit, Print } = widgets[question.widget];
  const value = answers[question.key];

  if (print) return <Print question={question} value={value} answers={answers} />;

  const hintId = question.hint ? hintIdOf(question.key) : undefined;
  const hint = question.hint ? (
    <p id={hintId} className="field__hint">
      {question.hint}
    </p>
  ) : null;
  return (
    <Edit
      question={question}
      value={value}
      answers={answers}
      errors={fieldErrors[question.key] ?? NO_MESSAGES}
      fieldErrors={fieldErrors}
      hint={hint}
      hintId={hintId}
      onChange={(values, labels) => setAnswers(values, labels)}
    />
  );
}
