import { aboutPage } from './pages/about';
import { roleKeysOf } from './role-keys';

/**
 * The applicant's name, read from the answers of the questions that declare the name's roles
 * (`QuestionDef.role`: About You's, which the renderer's greeting has before the rest of the form
 * loads): one name for the staff inbox and view, the service view, the application PDF and its file
 * name, and the recommenders' page and mail; the greetings use its parts (docs/decisions.md,
 * "One applicant's name").
 */

const roles = roleKeysOf([aboutPage]);

/** Answers as the store or the API holds them (a store's decoded row is read as unknown values). */
type NameAnswers = Readonly<Record<string, unknown>>;

/** The keys of the name's parts: first, middle, last, preferred (those About You declares). */
export const APPLICANT_NAME_KEYS: readonly string[] = [roles.firstName, roles.middleName, roles.lastName, roles.preferredName].filter(
  (key): key is string => key !== undefined,
);

export interface ApplicantNameParts {
  first: string;
  middle: string;
  last: string;
  preferred: string;
}

const part = (answers: NameAnswers, key: string | undefined) => {
  const value = key === undefined ? undefined : answers[key];
  return typeof value === 'string' ? value.trim() : '';
};

/** Each part of the name as answered, trimmed; '' where none is. */
export function applicantNameParts(answers: NameAnswers): ApplicantNameParts {
  return {
    first: part(answers, roles.firstName),
    middle: part(answers, roles.middleName),
    last: part(answers, roles.lastName),
    preferred: part(answers, roles.preferredName),
  };
}

/** The applicant's name as every view shows it: first, middle and last names as answered ('' when none is). */
export function applicantName(answers: NameAnswers): string {
  const { first, middle, last } = applicantNameParts(answers);
  return [first, middle, last].filter(Boolean).join(' ');
}

/** What the "almost finished" greeting calls the applicant: the preferred name, else the first name ('' when neither is answered). */
export function greetingName(answers: NameAnswers): string {
  const { preferred, first } = applicantNameParts(answers);
  return preferred || first;
}
