import {
  ChoiceFieldset,
  optionIdOf,
  optionsOf,
  PrintChoices,
  PrintField,
  type PrintProps,
  type WidgetProps,
  type WidgetView,
} from './field-parts';

/** Two answers (Yes / No) sit side by side; longer lists stack. */
const INLINE_MAX_OPTIONS = 2;

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

/** Every answer marked [X] or [ ]; more than two are laid out in columns (form-content section 2). */
function RadioPrint({ question, value, answers }: PrintProps) {
  const options = optionsOf(question, answers);
  const choices = options.map((option) => ({ id: option.value, label: option.label, checked: value === option.value }));
  return (
    <PrintField label={question.label}>
      <PrintChoices choices={choices} columns={options.length > INLINE_MAX_OPTIONS} />
    </PrintField>
  );
}

export const radioWidget: WidgetView = { Edit: RadioGroup, Print: RadioPrint };
