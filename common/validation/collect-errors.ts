import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';

export type FieldErrors = Record<string, string[]>;

export type ValidationResult<S extends AnyObjectSchema> =
  | { ok: true; value: InferType<S> }
  | { ok: false; errors: FieldErrors };

/**
 * Runs a yup object schema with abortEarly off. On success returns the cast value (trimmed
 * e-mail and so on); on failure every message per field, each message once (spec platform
 * section 5: all messages for a field are collected without duplicates).
 */
export function validateWith<S extends AnyObjectSchema>(schema: S, values: unknown, context?: object): ValidationResult<S> {
  try {
    return { ok: true, value: schema.validateSync(values, { abortEarly: false, stripUnknown: true, context }) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { ok: false, errors: groupMessages(error) };
  }
}

/** `context` is yup's: what the schema's tests read besides the values. */
export function collectErrors(schema: AnyObjectSchema, values: unknown, context?: object): FieldErrors {
  const result = validateWith(schema, values, context);
  return result.ok ? {} : result.errors;
}

export function groupMessages(error: ValidationError): FieldErrors {
  const errors: FieldErrors = {};
  const leaves = error.inner.length > 0 ? error.inner : [error];
  for (const leaf of leaves) {
    const field = leaf.path ?? '';
    const messages = (errors[field] ??= []);
    for (const message of leaf.errors) {
      if (!messages.includes(message)) messages.push(message);
    }
  }
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((messages) => messages.length > 0);
}
