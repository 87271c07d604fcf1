import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  /** Every message for this field; each is shown once. */
  errors?: readonly string[];
  /** Ids of further descriptions, such as a password checklist. */
  describedBy?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, errors = [], describedBy, ref, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-errors`;
  const messages = [...new Set(errors)];
  const invalid = messages.length > 0;
  const description = [invalid ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', invalid ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input ref={ref} id={id} className="field__input" aria-invalid={invalid} aria-describedby={description} {...input} />
      {invalid && (
        <ul id={errorId} className="field__errors">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
