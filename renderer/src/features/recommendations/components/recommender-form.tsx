import { useState, type FormEvent } from 'react';
import type { RecommenderInput } from '../../../../../common/recommendation-api';
import { TextField } from '../../../components/ui/text-field';
import { ServerError, errorMessageOf } from '../../../lib/api-errors';

const EMPTY: RecommenderInput = { name: '', email: '', relationship: '' };

const fields: readonly { key: keyof RecommenderInput; label: string; type: string; autoComplete: string }[] = [
  { key: 'name', label: 'Name', type: 'text', autoComplete: 'off' },
  { key: 'email', label: 'E-mail', type: 'email', autoComplete: 'off' },
  { key: 'relationship', label: 'Relationship', type: 'text', autoComplete: 'off' },
];

interface RecommenderFormProps {
  /** The recommender being corrected or replaced; a new one starts empty. */
  initial?: RecommenderInput;
  submitLabel: string;
  sending: boolean;
  /** Sends the recommender; a rejection shows the server's messages under the fields (recommenderSchema's, common/). */
  onSend: (input: RecommenderInput) => Promise<unknown>;
  /** After the server took it: a new form starts empty again. */
  onSent?: () => void;
}

/** Names a recommender: name, e-mail and relationship, checked by the server with the shared rules. */
export function RecommenderForm({ initial = EMPTY, submitLabel, sending, onSend, onSent }: RecommenderFormProps) {
  const [input, setInput] = useState(initial);
  const [refusal, setRefusal] = useState<{ message: string; errors: Record<string, string[]> } | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    try {
      await onSend({ name: input.name, email: input.email, relationship: input.relationship });
      setRefusal(null);
      setInput(initial);
      onSent?.();
    } catch (error) {
      setRefusal({ message: errorMessageOf(error), errors: error instanceof ServerError ? (error.errors ?? {}) : {} });
    }
  }

  const hasFieldErrors = refusal !== null && Object.keys(refusal.errors).length > 0;
  return (
    <form noValidate onSubmit={(event) => void send(event)}>
      {refusal && !hasFieldErrors && <p role="alert">{refusal.message}</p>}
      {fields.map(({ key, label, type, autoComplete }) => (
        <TextField
          key={key}
          name={key}
          label={label}
          type={type}
          autoComplete={autoComplete}
          value={input[key]}
          errors={refusal?.errors[key]}
          onChange={(event) => setInput((current) => ({ ...current, [key]: event.target.value }))}
        />
      ))}
      <button type="submit" className="button button--primary" disabled={sending}>
        {submitLabel}
      </button>
    </form>
  );
}
