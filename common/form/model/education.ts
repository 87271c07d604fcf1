import type { FieldDef } from '../types';
import { collegeFields } from './college-block';
import { fieldsOf } from './define';
import { ESSAY_KEYS, RESUME_KEY, TEACHER_UPLOAD_KEY } from './program-document-keys';

/** The Your Academics page (form-content section 3): prior attendance, colleges, program, essays, tests. */
const f = fieldsOf('education');


export function docKeyOf(key: string): string {
  return `${key}_doc`;
}

export function essayMailKeyOf(key: string): string {
  return `essay_mail_${key.replace(/^essay_/, '')}`;
}

export const HONORS_KEYS = ['honors_name', 'honors_2_name', 'honors_3_name', 'honors_4_name'] as const;

const monthYear = (prefix: string) => [...f.select(`${prefix}_month`), ...f.select(`${prefix}_year`)];

export const educationFields: FieldDef[] = [
  // Prior attendance at this university
  ...f.radio('previously_attend'),
  ...monthYear('previously_attend_from'),
  ...monthYear('previously_attend_to'),

  // Colleges attended, 1 to 8
  ...collegeFields,
  ...HONORS_KEYS.flatMap((key) => f.text(key, 100)),

  // Program
  ...f.select('entry_term'),
  ...f.select('applied_major'),
  ...f.radio('campus_preferrence'),

  // Essays, statements and supporting documents
  ...f.upload(TEACHER_UPLOAD_KEY),
  ...ESSAY_KEYS.flatMap((key) => [...f.textarea(key), ...f.upload(docKeyOf(key)), ...f.checkbox(essayMailKeyOf(key))]),
  ...f.textarea(RESUME_KEY),
  ...f.upload(docKeyOf(RESUME_KEY)),

  // GMAT
  ...f.radio('gmat_taken'),
  ...monthYear('gmat_taken'),
  ...f.text('gmat_score_composite', 3),
  ...monthYear('gmat_plan'),
];
