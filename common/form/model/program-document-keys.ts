// The keys of the documents a program reads (the program catalogue in tenant.ts names them): its
// essays and statements, the resume, the teaching certificate. Nothing here imports the form, so
// the catalogue can name them without a circle.

/**
 * Essays and statements. Each is typed into a text area, uploaded as `<key>_doc`, or flagged
 * `essay_mail_<name>` when it will be mailed, where <name> is the key without a leading `essay_`
 * (essay_compscience → essay_mail_compscience, personal_statement → essay_mail_personal_statement).
 */
export const ESSAY_KEYS = [
  'essay_compscience',
  'essay_specialed',
  'essay_selfstatement',
  'essay_mentalhealth',
  'essay_school_counseling',
  'statement_orgcommunications',
  'personal_statement',
  'personal_statement_new_programs',
] as const;

export type EssayKey = (typeof ESSAY_KEYS)[number];

/** Typed or uploaded as `resume_doc` like an essay, but never mailed. */
export const RESUME_KEY = 'resume';

/** An upload only: a copy of the applicant's teaching certificate, for programs for certified teachers. */
export const TEACHER_UPLOAD_KEY = 'teacher_upload';

/** The upload key of an essay or the resume: `<key>_doc`. */
export function docKeyOf(key: string): string {
  return `${key}_doc`;
}

/** The 'will be mailed' checkbox of an essay: `essay_mail_<name>` (see ESSAY_KEYS). */
export function essayMailKeyOf(key: string): string {
  return `essay_mail_${key.replace(/^essay_/, '')}`;
}
