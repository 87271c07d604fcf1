import { declaredMaxLength } from '../../../../../../common/form/model/define';
import type { QuestionDef } from '../../../../../../common/form/types';
import {
  controlProps,
  LabelledField,
  textOf,
  type WidgetProps,
  type WidgetView,
} from './field-parts';
import { useWidgetOnFocus } from './lazy-widget';
import { MaskedInput } from './phone';

function inputTypeOf(question: QuestionDef): 'text' | 'email' | 'tel' {
  if (question.inputMode === 'email' || question.inputMode === 'tel') return question.inputMode;
  return 'text';
}

/**
 * A text answer held in a fixed format (the SSN's ###-##-####): the separators go in as the digits
 * are typed, with the phone's mask, loaded when the field is first focused (issue 26, item 3).
 */
function MaskedTextInput({ question, value, errors, hint, hintId, onChange, mask }: WidgetProps & { mask: string }) {
  const stored = textOf(value);
  const { Loaded, onFocus, onBlur } = useWidgetOnFocus(MaskedInput, question.key);
  const field = {
    ...controlProps(question, hintId, errors),
    className: 'field__input',
    type: 'text',
    inputMode: question.inputMode,
    autoComplete: question.autoComplete,
    maxLength: declaredMaxLength(question),
  };
  const write = (typed: string) => {
    if (typed !== stored) onChange({ [question.key]: typed === '' ? null : typed });
  };
  return (
    <LabelledField question={question} errors={errors} hint={hint}>
      {Loaded ? (
        <Loaded {...field} mask={mask} value={stored} onAccept={write} />
      ) : (
        <input {...field} value={stored} onFocus={onFocus} onBlur={onBlur} onChange={(event) => write(event.target.value)} />
      )}
    </LabelledField>
  );
}

function TextInput(props: WidgetProps) {
  const { question, value, errors, hint, hintId, onChange } = props;
  if (question.mask) return <MaskedTextInput {...props} mask={question.mask} />;
  return (
    <LabelledField question={question} errors={errors} hint={hint}>
      <input
        {...controlProps(question, hintId, errors)}
        className="field__input"
        type={inputTypeOf(question)}
        inputMode={question.inputMode}
        autoComplete={question.autoComplete}
        maxLength={declaredMaxLength(question)}
        value={textOf(value)}
        onChange={(event) => onChange({ [question.key]: event.target.value === '' ? null : event.target.value })}
      />
    </LabelledField>
  );
}

export const textWidget: WidgetView = { Edit: TextInput };
