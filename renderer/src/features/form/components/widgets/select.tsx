import {
  controlProps,
  LabelledField,
  optionsOf,
  textOf,
  type WidgetProps,
  type WidgetView,
} from './field-parts';

/**
 * A native select: the browser already gives it type-ahead, keyboard use and a menu fitted to
 * the screen. The first option is the empty answer, shown as '--' (spec platform section 3).
 */
function SelectInput({ question, value, answers, errors, hint, hintId, onChange }: WidgetProps) {
  const options = optionsOf(question, answers);
  return (
    <LabelledField question={question} errors={errors} hint={hint}>
      <select
        {...controlProps(question, hintId, errors)}
        className="field__input field__select"
        value={textOf(value)}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          onChange({ [question.key]: chosen?.value ?? null }, { [question.key]: chosen?.label ?? null });
        }}
      >
        <option value="">--</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

export const selectWidget: WidgetView = { Edit: SelectInput };
