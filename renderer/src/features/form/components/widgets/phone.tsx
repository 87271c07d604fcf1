import { SMS_OPT_IN_LABEL } from '../../../../../../common/form/pages/question-factories';
import {
  controlProps,
  describedBy,
  errorIdOf,
  ErrorList,
  fieldClassName,
  LabelledField,
  textOf,
  type WidgetProps,
  type WidgetView,
} from './field-parts';
import { lazyWidget, useWidgetOnFocus } from './lazy-widget';

/** (###) ###-####: react-imask's 0 is any digit. */
const US_PHONE_MASK = '(000) 000-0000';
const PHONE_PLACEHOLDER = '(###) ###-####';

/** react-imask loads when a phone question is first focused, not with the page (issues 18 item 2, 26 item 5). */
export const MaskedInput = lazyWidget(() => import('react-imask').then((module) => module.IMaskInput));

function SmsOptIn({ optInKey, answers, fieldErrors, onChange }: Pick<WidgetProps, 'answers' | 'fieldErrors' | 'onChange'> & { optInKey: string }) {
  const errors = fieldErrors[optInKey] ?? [];
  const invalid = errors.length > 0;
  return (
    <div className={fieldClassName(invalid, 'field--nested')}>
      <div className="checkbox">
        <input
          id={optInKey}
          name={optInKey}
          type="checkbox"
          checked={answers[optInKey] === true}
          aria-invalid={invalid}
          aria-describedby={describedBy(invalid && errorIdOf(optInKey))}
          onChange={(event) => onChange({ [optInKey]: event.target.checked })}
        />
        <label htmlFor={optInKey}>{SMS_OPT_IN_LABEL}</label>
      </div>
      <ErrorList id={errorIdOf(optInKey)} messages={errors} icon />
    </div>
  );
}

/** A US number reformatted as typed; the answer holds what the field shows, partial or whole. */
function PhoneInput({ question, value, answers, errors, fieldErrors, hint, hintId, onChange }: WidgetProps) {
  const stored = textOf(value);
  const { Loaded, onFocus, onBlur } = useWidgetOnFocus(MaskedInput, question.key);
  const field = { ...controlProps(question, hintId, errors), className: 'field__input field__input--phone', type: 'tel', autoComplete: question.autoComplete ?? 'tel-national', placeholder: PHONE_PLACEHOLDER };
  return (
    <>
      <LabelledField question={question} errors={errors} hint={hint}>
        {Loaded ? (
          <Loaded
            {...field}
            mask={US_PHONE_MASK}
            value={stored}
            onAccept={(masked: string) => {
              if (masked !== stored) onChange({ [question.key]: masked === '' ? null : masked });
            }}
          />
        ) : (
          // Until the mask's chunk is there (focusing the field fetches it), the same field, unformatted; the mask formats what it holds.
          <input {...field} value={stored} onFocus={onFocus} onBlur={onBlur} onChange={(event) => onChange({ [question.key]: event.target.value === '' ? null : event.target.value })} />
        )}
      </LabelledField>
      {question.smsOptInKey && (
        <SmsOptIn optInKey={question.smsOptInKey} answers={answers} fieldErrors={fieldErrors} onChange={onChange} />
      )}
    </>
  );
}

export const phoneWidget: WidgetView = { Edit: PhoneInput };
