import { describe, expect, it } from 'vitest';
import { lettersOf, programOf } from '../../../../common/form/program-letters';
import { tenant, type Program } from '../../../../common/form/tenant';

describe('letters of recommendation in the program catalogue', () => {
  it('gives each program a number needed and a number accepted, never fewer accepted than needed', () => {
    for (const program of tenant.programs) {
      expect(Number.isInteger(program.letters.required) && program.letters.required >= 0, program.code).toBe(true);
      expect(program.letters.accepted, program.code).toBeGreaterThanOrEqual(program.letters.required);
    }
  });

  it('has programs that take none, programs where letters are optional, and programs that need them', () => {
    expect(tenant.programs.some((program) => program.letters.accepted === 0)).toBe(true);
    expect(tenant.programs.some((program) => program.letters.required === 0 && program.letters.accepted > 0)).toBe(true);
    expect(tenant.programs.some((program) => program.letters.required > 0)).toBe(true);
  });

  it('reads a program by its applied_major value, and none for a value the catalogue does not hold', () => {
    expect(programOf('MSCS')?.name).toBe('Computer Science (M.S.)');
    expect(lettersOf('MSCS')).toEqual({ required: 2, accepted: 3 });
    expect(lettersOf('GCNPM')).toEqual({ required: 0, accepted: 0 });
    for (const unknown of ['', 'NOPE', undefined, null, true]) {
      expect(programOf(unknown)).toBeUndefined();
      expect(lettersOf(unknown)).toEqual({ required: 0, accepted: 0 });
    }
  });

  it('reads another catalogue when given one', () => {
    const programs: Program[] = [{ code: 'X', name: 'X', campuses: ['M'], documents: [], gmat: false, letters: { required: 1, accepted: 1 } }];
    expect(lettersOf('X', programs)).toEqual({ required: 1, accepted: 1 });
    expect(lettersOf('MSCS', programs)).toEqual({ required: 0, accepted: 0 });
  });
});
