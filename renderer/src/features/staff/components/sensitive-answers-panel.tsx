import { useState, type FormEvent } from 'react';
import type { Answers } from '../../../../../common/api';
import { sensitiveKeys } from '../../../../../common/form/model';
import { labelOfKey } from '../../../../../common/form/pages';
import { SENSITIVE_REASON_LENGTH } from '../../../../../common/staff-api';
import { TextField } from '../../../components/ui/text-field';
import { errorMessageOf, ServerError } from '../../../lib/api-errors';
import { useRevealSensitiveAnswer } from '../api/reveal-sensitive-answer';

const REASON_LABEL = 'Why do you need the full value?';
const REASON_HINT = 'Your reason is written to the access log with your name.';

/**
 * A sensitive answer (the SSN) as staff see it, its last four characters, with an admin's way to
 * the full value (issue 35 item 5): the reason is asked first and logged by the server; the value
 * stays on this page until Hide or leaving it, never in a cache.
 */
function SensitiveAnswer({ applicationId, answerKey, masked }: { applicationId: string; answerKey: string; masked: string }) {
  const reveal = useRevealSensitiveAnswer(applicationId, answerKey);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const label = labelOfKey(answerKey) ?? answerKey;
  const fieldErrors = reveal.error instanceof ServerError ? (reveal.error.errors?.reason ?? []) : [];
  const otherError = reveal.error && fieldErrors.length === 0 ? errorMessageOf(reveal.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reveal.mutate(reason.trim());
  };
  const hide = () => {
    reveal.reset();
    setReason('');
    setAsking(false);
  };
  const shown = reveal.isSuccess ? reveal.data.value : null;
  return (
    <div className="sensitive-answer">
      <dt>{label}</dt>
      <dd>
        <div className="sensitive-answer__row">
          <span className="sensitive-answer__value">{reveal.isSuccess ? (shown ?? 'Not answered') : masked}</span>
          {reveal.isSuccess ? (
            <button type="button" className="button button--secondary" onClick={hide}>
              Hide
            </button>
          ) : (
            !asking && (
              <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
                {`Show the full ${label}`}
              </button>
            )
          )}
        </div>
        {asking && !reveal.isSuccess && (
          <form className="sensitive-answer__form" onSubmit={submit} noValidate>
            <p id={`${answerKey}-reason-hint`} className="field__hint">
              {REASON_HINT}
            </p>
            <TextField
              label={REASON_LABEL}
              name={`${answerKey}-reason`}
              value={reason}
              minLength={SENSITIVE_REASON_LENGTH.min}
              maxLength={SENSITIVE_REASON_LENGTH.max}
              autoComplete="off"
              autoFocus
              errors={fieldErrors}
              describedBy={`${answerKey}-reason-hint`}
              onChange={(event) => setReason(event.target.value)}
            />
            {otherError && <p role="alert">{otherError}</p>}
            <div className="sensitive-answer__actions">
              <button type="submit" className="button button--primary" disabled={reveal.isPending}>
                Show
              </button>
              <button type="button" className="button button--secondary" onClick={hide}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </dd>
    </div>
  );
}

/** On one application's page, for admins: each sensitive answer given, masked, with the way to its full value. */
export function SensitiveAnswersPanel({ applicationId, answers }: { applicationId: string; answers: Answers }) {
  const given = sensitiveKeys.filter((key) => typeof answers[key] === 'string' && answers[key] !== '');
  if (given.length === 0) return null;
  return (
    <section aria-labelledby="staff-sensitive-title" className="staff-sensitive">
      <h2 id="staff-sensitive-title">Sensitive answers</h2>
      <dl>
        {given.map((key) => (
          <SensitiveAnswer key={key} applicationId={applicationId} answerKey={key} masked={String(answers[key])} />
        ))}
      </dl>
    </section>
  );
}
