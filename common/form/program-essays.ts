import { ESSAY_KEYS } from './model/program-document-keys';
import type { Program } from './tenant';

const essayKeys: readonly string[] = ESSAY_KEYS;

/** The programs of the catalogue that read no essay or statement (a resume or a certificate is not one). */
export function programsWithoutEssay(programs: readonly Program[]): Program[] {
  return programs.filter((program) => !program.documents.some((document) => essayKeys.includes(document)));
}

function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * What the welcome banner says of essays, from the catalogue (issue 33, item 3): the spec's "a
 * waived essay for most programs" was true of 4 programs in 14, so the programs are named instead.
 */
export function essayFact(programs: readonly Program[]): string {
  const without = programsWithoutEssay(programs);
  if (without.length === 0) return 'Every program asks for an essay or a statement.';
  if (without.length === programs.length) return 'No program asks for an essay.';
  return `No essay is needed for ${listed(without.map((program) => program.name))}; the other programs ask for one.`;
}
