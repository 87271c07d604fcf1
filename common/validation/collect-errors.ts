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
export function validateWith<S extends AnyObjectSchema>(schema: S, values: unknown, context?: object, options: CheckOptions = {}): ValidationResult<S> {
  try {
    return { ok: true, value: schema.validateSync(values, { abortEarly: false, stripUnknown: true, context, strict: options.strict ?? false, disableStackTrace: options.strict ?? false }) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { ok: false, errors: groupMessages(error) };
  }
}

export interface CheckOptions {
  /**
   * Check the values as they are, without yup's cast first (no trimming, no unknown keys stripped),
   * and make the errors without stack traces: for callers that want only the messages, and whose
   * fields cast nothing (`mixed`). It saves yup's copy of every value, about a third of a
   * whole-application validation, and the stack of each error.
   */
  strict?: boolean;
}

/** `context` is yup's: what the schema's tests read besides the values. */
export function collectErrors(schema: AnyObjectSchema, values: unknown, context?: object, options: CheckOptions = {}): FieldErrors {
  const result = validateWith(schema, values, context, options);
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
