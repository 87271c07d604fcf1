import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ValidationError } from 'yup';
import { LETTER_TEXT_FIELD, recommendationLimits } from '../../../../../common/recommendation-api';
import { letterSchema } from '../../../../../common/recommendations/recommendation-rules';
import { ServerError, errorMessageOf } from '../../../lib/api-errors';
import { useLetterDraft } from '../hooks/use-letter-draft';

const LETTER_MAX = recommendationLimits.letterMax.toLocaleString('en-US');

/** The refusal of a send: the summary's message, and the field's own messages when the server gave them. */
interface Refusal {
  message: string;
  fieldErrors: string[];
}

function refusalOf(error: unknown): Refusal {
  if (error instanceof ValidationError) return { message: error.errors[0] ?? error.message, fieldErrors: error.errors };
  const fieldErrors = error instanceof ServerError ? (error.errors?.[LETTER_TEXT_FIELD] ?? []) : [];
  return { message: errorMessageOf(error), fieldErrors };
}

interface LetterFormProps {
  /** The link's token: the draft kept in this browser is this link's. */
  token: string;
  /** Sends the letter; a rejection is shown as the form's refusal. */
  onSend: (letterText: string) => Promise<unknown>;
  sending: boolean;
}

/**
 * The typed letter (issue 28 item 2): a labelled textarea counting up to the server's limit, the
 * same check as the server's before sending, and a refusal summed up in an alert that takes the
 * focus, with the field's messages under it. What is typed is kept as a draft in this browser
 * until a letter is received (issue 33, item 6; recommend-page.tsx forgets it).
 */
export function LetterForm({ token, onSend, sending }: LetterFormProps) {
  const fieldId = useId();
  const counterId = `${fieldId}-counter`;
  const errorsId = `${fieldId}-errors`;
  const { text, change: setText } = useLetterDraft(token);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  // Each refusal takes the focus once, when it comes; typing afterwards stays in the letter.
  useEffect(() => summary.current?.focus(), [refusal]);

  async function send(event: FormEvent) {
    event.preventDefault();
    try {
      letterSchema.validateSync({ [LETTER_TEXT_FIELD]: text }, { abortEarly: false });
      setRefusal(null);
      await onSend(text);
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  }

  const invalid = (refusal?.fieldErrors.length ?? 0) > 0;
  return (
    <form noValidate onSubmit={(event) => void send(event)}>
      {refusal && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summary}>
          <h3 className="error-summary__title">Your letter was not sent</h3>
          <p>{invalid ? <a href={`#${fieldId}`}>{refusal.message}</a> : refusal.message}</p>
        </div>
      )}
      <div className={invalid ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={fieldId}>
          Your letter
        </label>
        <textarea
          id={fieldId}
          name={LETTER_TEXT_FIELD}
          className="field__input"
          rows={16}
          maxLength={recommendationLimits.letterMax}
          value={text}
          aria-invalid={invalid}
          aria-describedby={[invalid ? errorsId : null, counterId].filter(Boolean).join(' ')}
          onChange={(event) => setText(event.target.value)}
        />
        {invalid && (
          <ul id={errorsId} className="field__errors">
            {[...new Set(refusal?.fieldErrors)].map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        <p id={counterId} className="char-counter">
          {`${text.length.toLocaleString('en-US')} of ${LETTER_MAX} characters`}
        </p>
      </div>
      <button type="submit" className="button button--primary button--submit" disabled={sending}>
        Send the letter
      </button>
    </form>
  );
}
