import { tenant, type Program, type ProgramLetters } from './tenant';

/** What a program with no catalogue entry asks for: no letters, and none taken. */
const NO_LETTERS: ProgramLetters = { required: 0, accepted: 0 };

/** The catalogue's program of an `applied_major` value, or undefined for a value the catalogue does not hold. */
export function programOf(code: unknown, programs: readonly Program[] = tenant.programs): Program | undefined {
  return typeof code === 'string' ? programs.find((program) => program.code === code) : undefined;
}

/** How many letters of recommendation the program needs and accepts (none for an unknown program). */
export function lettersOf(code: unknown, programs: readonly Program[] = tenant.programs): ProgramLetters {
  return programOf(code, programs)?.letters ?? NO_LETTERS;
}
