import { useEffect, useRef } from 'react';
import { declaredMaxLength } from '../../../../../../common/form/model/define';
import {
  controlProps,
  describedBy,
  LabelledField,
  textOf,
  useDraft,
  type WidgetProps,
  type WidgetView,
} from './field-parts';

const DEFAULT_ROWS = 6;

const counterIdOf = (key: string) => `${key}-counter`;

/**
 * Long answers live in local state while typed and reach the answers on blur (form-content
 * section 4), so a keystroke does not re-run the form's rules. Whatever is still uncommitted
 * when the field goes away (a page change, a hidden section) is written then, not lost.
 */
function TextareaInput({ question, value, errors, hint, hintId, onChange }: WidgetProps) {
  const stored = textOf(value);
  const [draft, setDraft] = useDraft(stored);
  // The tenant's character limit, as the model gives it to the server (form-content section 9).
  const limit = declaredMaxLength(question);
  const commit = (text: string) => {
    if (text !== stored) onChange({ [question.key]: text === '' ? null : text });
  };

  const latestCommit = useRef<() => void>(() => {});
  useEffect(() => {
    latestCommit.current = () => commit(draft);
  });
  useEffect(() => () => latestCommit.current(), []);

  const props = controlProps(question, hintId, errors);
  return (
    <LabelledField question={question} errors={errors} hint={hint}>
      <textarea
        {...props}
        aria-describedby={describedBy(props['aria-describedby'], counterIdOf(question.key))}
        className="field__input field__textarea"
        rows={question.rows ?? DEFAULT_ROWS}
        maxLength={limit}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => commit(draft)}
      />
      <p id={counterIdOf(question.key)} className="char-counter" aria-live="polite">
        Character count: {draft.length} / {limit}
      </p>
    </LabelledField>
  );
}

export const textareaWidget: WidgetView = { Edit: TextareaInput };
