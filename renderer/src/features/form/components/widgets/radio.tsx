import {
  ErrorList,
  PrintChoices,
  PrintField,
  describedBy,
  errorIdOf,
  fieldClassName,
  optionIdOf,
  optionsOf,
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
  const errorId = errorIdOf(question.key);
  return (
    <fieldset
      id={question.key}
      tabIndex={-1}
      className={fieldClassName(invalid, 'fieldset')}
      aria-invalid={invalid}
      aria-describedby={describedBy(hintId, invalid && errorId)}
    >
      <legend className="field__label">{question.label}</legend>
      {hint}
      <div className={options.length > INLINE_MAX_OPTIONS ? 'choices' : 'choices choices--inline'}>
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
      </div>
      <ErrorList id={errorId} messages={errors} icon />
    </fieldset>
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
