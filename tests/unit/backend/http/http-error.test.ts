import { describe, expect, it } from 'vitest';
import { HttpError, badRequest } from '../../../../backend/http/errors';

describe('HttpError', () => {
  it("captures no stack for a client's mistake, which is answered and never logged", () => {
    for (const error of [new HttpError(401, 'Please log in.'), badRequest('Nope.', { key: ['Nope.'] })]) {
      expect(error).toBeInstanceOf(Error);
      expect(error.stack).toBe(`HttpError: ${error.message}`);
    }
    expect(badRequest('Nope.', { key: ['Nope.'] })).toMatchObject({ status: 400, message: 'Nope.', errors: { key: ['Nope.'] } });
  });

  it('keeps the stack of a server-side failure, which is logged, and leaves other errors theirs', () => {
    const limit = Error.stackTraceLimit;
    expect(new HttpError(503, 'Down.', undefined, { 'Retry-After': '5' }).stack).toContain('http-error.test.ts');
    expect(Error.stackTraceLimit).toBe(limit);
    new HttpError(404, 'Not found.');
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('after').stack).toContain('http-error.test.ts');
  });
});
