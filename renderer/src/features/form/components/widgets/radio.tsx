import { INLINE_MAX_OPTIONS } from '../../../../../../common/form/print-question';
import {
  ChoiceFieldset,
  optionIdOf,
  optionsOf,
  type WidgetProps,
  type WidgetView,
} from './field-parts';


/** The fieldset carries the key as id, focusable so an error link can land on the group. */
function RadioGroup({ question, value, answers, errors, hint, hintId, onChange }: WidgetProps) {
  const options = optionsOf(question, answers);
  const invalid = errors.length > 0;
  return (
    <ChoiceFieldset
      question={question}
      messages={errors}
      hint={hint}
      hintId={hintId}
      choicesClassName={options.length > INLINE_MAX_OPTIONS ? 'choices' : 'choices choices--inline'}
    >
      {options.map((option) => {
        const id = optionIdOf(question.key, option.value);
        return (
          <div key={option.value} className="choice">
            <input
              id={id}
              type="radio"
              name={question.key}
              value={option.value}
              checked={value === option.value}
              aria-invalid={invalid}
              onChange={() => onChange({ [question.key]: option.value }, { [question.key]: option.label })}
            />
            <label htmlFor={id}>{option.label}</label>
          </div>
        );
      })}
    </ChoiceFieldset>
  );
}

export const radioWidget: WidgetView = { Edit: RadioGroup };
