import { ESSAY_KEYS, docKeyOf, essayMailKeyOf } from '../../model/education';
import { tenant } from '../../tenant';
import type { SectionDef } from '../../types';
import { checkboxQuestion, textareaQuestion, uploadQuestion } from '../question-factories';

type EssayKey = (typeof ESSAY_KEYS)[number];

/** What the admissions office calls each essay or statement. */
const essayTitles: Readonly<Record<EssayKey, string>> = {
  essay_compscience: 'Statement of Purpose: Computer Science',
  essay_specialed: 'Statement of Purpose: Special Education',
  essay_selfstatement: 'Personal Goals Statement',
  essay_mentalhealth: 'Statement of Purpose: Clinical Mental Health Counseling',
  essay_school_counseling: 'Statement of Purpose: School Counseling',
  statement_orgcommunications: 'Statement of Purpose: Organizational Communications',
  personal_statement: 'Personal Statement',
  personal_statement_new_programs: 'Personal Statement for New Programs',
};

/**
 * One essay (form-content sections 2 item 8 and 3): typed in the text tab or uploaded in the
 * upload tab (tab group named by the essay key), or mailed instead.
 */
function essaySection(key: EssayKey): SectionDef {
  const title = essayTitles[key];
  return {
    id: `essay-${key}`,
    title,
    tabs: { groupId: key },
    questions: [
      textareaQuestion(key, title, { maxLength: tenant.character_limit, rows: 12 }),
      uploadQuestion(docKeyOf(key), `Upload your ${title}`),
      checkboxQuestion(essayMailKeyOf(key), 'I will mail this instead'),
    ],
  };
}

export const essaySections: readonly SectionDef[] = ESSAY_KEYS.map(essaySection);
