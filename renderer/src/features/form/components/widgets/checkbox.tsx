import {
  ErrorList,
  controlProps,
  errorIdOf,
  fieldClassName,
  type WidgetProps,
  type WidgetView,
} from './field-parts';

/** A single yes-or-no box: the answer is true or false. */
function CheckboxInput({ question, value, errors, hint, hintId, onChange }: WidgetProps) {
  return (
    <div className={fieldClassName(errors.length > 0)}>
      <div className="checkbox">
        <input
          {...controlProps(question, hintId, errors)}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange({ [question.key]: event.target.checked })}
        />
        <label htmlFor={question.key}>{question.label}</label>
      </div>
      {hint}
      <ErrorList id={errorIdOf(question.key)} messages={errors} icon />
    </div>
  );
}

export const checkboxWidget: WidgetView = { Edit: CheckboxInput };
