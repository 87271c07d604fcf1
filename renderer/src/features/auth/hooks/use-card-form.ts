import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import type { AnyObjectSchema, InferType } from 'yup';
import { collectErrors, validateWith } from '../../../../../common/validation/collect-errors';

type Values = Record<string, string>;

/**
 * Spec platform section 4 "Auth card submit": a submit validates first and sends nothing while
 * invalid; from then on the errors follow every change.
 */
export function useCardForm<S extends AnyObjectSchema>(schema: S, initial: Values) {
  const [values, setValues] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const errors = useMemo(() => (attempted ? collectErrors(schema, values) : {}), [attempted, schema, values]);

  const field = (name: string) => ({
    name,
    value: values[name] ?? '',
    errors: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const handleSubmit = (onValid: (value: InferType<S>) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const result = validateWith(schema, values);
    if (result.ok) onValid(result.value);
    else focusFirstInvalid(event.currentTarget, Object.keys(result.errors));
  };

  return { values, errors, field, handleSubmit };
}

// Keyboard and screen-reader users land on the first field to fix, whose errors are its description.
function focusFirstInvalid(form: HTMLFormElement, names: string[]) {
  const first = Array.from(form.elements).find(
    (element): element is HTMLInputElement => element instanceof HTMLInputElement && names.includes(element.name),
  );
  first?.focus();
}
