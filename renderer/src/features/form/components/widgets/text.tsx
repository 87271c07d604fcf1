import { maxLengthOf } from '../../../../../../common/form/model';
import type { QuestionDef } from '../../../../../../common/form/types';
import {
  controlProps,
  LabelledField,
  PrintField,
  type PrintProps,
  textOf,
  type WidgetProps,
  type WidgetView,
} from './field-parts';

function inputTypeOf(question: QuestionDef): 'text' | 'email' | 'tel' {
  if (question.inputMode === 'email' || question.inputMode === 'tel') return question.inputMode;
  return 'text';
}

function TextInput({ question, value, errors, hint, hintId, onChange }: WidgetProps) {
  return (
    <LabelledField question={question} errors={errors} hint={hint}>
      <input
        {...controlProps(question, hintId, errors)}
        className="field__input"
        type={inputTypeOf(question)}
        inputMode={question.inputMode}
        autoComplete={question.autoComplete}
        maxLength={maxLengthOf(question)}
        value={textOf(value)}
        onChange={(event) => onChange({ [question.key]: event.target.value === '' ? null : event.target.value })}
      />
    </LabelledField>
  );
}

function TextPrint({ question, value }: PrintProps) {
  return <PrintField label={question.label}>{textOf(value)}</PrintField>;
}

export const textWidget: WidgetView = { Edit: TextInput, Print: TextPrint };
