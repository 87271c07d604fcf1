import { describe, expect, it } from 'vitest';
import { isBackingServiceUnavailable } from '../../../../backend/http/backing-service-unavailable';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('which errors mean a backing service is away for now (503 with Retry-After)', () => {
  it('knows a database going, gone or full, and a socket that cannot reach it', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT'])
      expect(isBackingServiceUnavailable(withCode(code)), code).toBe(true);
    expect(isBackingServiceUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isBackingServiceUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('looks through causes and through every address of a host name tried', () => {
    expect(isBackingServiceUnavailable(new Error('query failed', { cause: withCode('57P01') }))).toBe(true);
    expect(isBackingServiceUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'every address'))).toBe(true);
    expect(isBackingServiceUnavailable(new AggregateError([withCode('ECONNREFUSED'), new Error('a bug')], 'mixed'))).toBe(false);
  });

  it('leaves faults of the query, the data or the code to be 500s', () => {
    for (const error of [withCode('23505', 'duplicate key'), withCode('42P01', 'relation does not exist'), new TypeError('x is undefined'), 'a string', null])
      expect(isBackingServiceUnavailable(error)).toBe(false);
  });
});
