import { describe, expect, it } from 'vitest';
import { dialectsFrom } from '../../../../scripts/support/databases';

describe('the stores the API suite runs on (GRADAPP_TEST_DIALECTS)', () => {
  it('runs on both stores when nothing is named', () => {
    expect(dialectsFrom(undefined)).toEqual(['sqlite', 'postgres']);
    expect(dialectsFrom(' ')).toEqual(['sqlite', 'postgres']);
  });

  it('narrows to the stores named, in the usual order', () => {
    expect(dialectsFrom('sqlite')).toEqual(['sqlite']);
    expect(dialectsFrom('postgres, sqlite')).toEqual(['sqlite', 'postgres']);
  });

  it('fails on a name that is not a store, rather than running nothing', () => {
    expect(() => dialectsFrom('mysql')).toThrow(/GRADAPP_TEST_DIALECTS names mysql; the stores are sqlite and postgres/);
    expect(() => dialectsFrom('sqlite,')).toThrow(/GRADAPP_TEST_DIALECTS names /);
  });
});
