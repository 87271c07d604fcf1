import { mixed, object, string } from 'yup';
import { describe, expect, it } from 'vitest';
import { collectErrors, validateWith } from '../../../common/validation/collect-errors';

describe('collectErrors', () => {
  const schema = object({
    name: mixed<string>().test({ name: 'required', message: 'Name is required.', test: (value) => !!value }),
    email: string().trim().email('Email must be valid.'),
  });

  it('collects every message per field, each once, cast or strict alike', () => {
    const values = { name: '', email: 'not an email' };
    expect(collectErrors(schema, values)).toEqual({ name: ['Name is required.'], email: ['Email must be valid.'] });
    expect(collectErrors(schema, values, undefined, { strict: true })).toEqual({ name: ['Name is required.'], email: ['Email must be valid.'] });
    expect(collectErrors(schema, { name: 'Ada', email: 'ada@example.edu' }, undefined, { strict: true })).toEqual({});
  });

  it('checks the values as they are when strict: nothing trimmed, nothing stripped', () => {
    expect(validateWith(schema, { name: 'Ada', email: ' ada@example.edu ', extra: 1 })).toEqual({ ok: true, value: { name: 'Ada', email: 'ada@example.edu' } });
    const strict = validateWith(schema, { name: 'Ada', email: ' ada@example.edu ', extra: 1 }, undefined, { strict: true });
    // yup checks a strict string's trim instead of trimming it.
    expect(strict.ok).toBe(false);
    expect(validateWith(schema, { name: 'Ada', email: 'ada@example.edu', extra: 1 }, undefined, { strict: true })).toEqual({
      ok: true,
      value: { name: 'Ada', email: 'ada@example.edu', extra: 1 },
    });
  });
});
