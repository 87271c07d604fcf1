import { ESSAY_KEYS, RESUME_KEY, TEACHER_UPLOAD_KEY, docKeyOf, essayMailKeyOf, type EssayKey } from '../../model/program-document-keys';
import { tenant } from '../../tenant';
import type { QuestionDef, SectionDef, TabGroupDef } from '../../types';
import { essayRules, resumeRules, teachingCertificateRules } from '../../schema/education-rules';
import { checkboxQuestion, textareaQuestion, uploadQuestion } from '../question-factories';
import { programNeeds } from './conditions';

/** What the admissions office calls each essay or statement, and what it asks the applicant to write. */
const essays: Readonly<Record<EssayKey, { title: string; prompt: string }>> = {
  essay_compscience: {
    title: 'Computer Science Statement of Purpose',
    prompt: 'Describe your preparation in computing and mathematics, the areas of computer science you want to study, and your goals after the degree.',
  },
  essay_specialed: {
    title: 'Special Education Statement of Purpose',
    prompt: 'Describe your experience teaching or working with students with disabilities, and what you hope to learn in the program.',
  },
  essay_selfstatement: {
    title: 'Personal Goals Statement',
    prompt: 'Why do you want to teach? Tell us about your experience with children or young people and the subject you hope to teach.',
  },
  essay_mentalhealth: {
    title: 'Clinical Mental Health Counseling Statement of Purpose',
    prompt: "Describe what draws you to counseling, the work or volunteer experience that prepared you, and your understanding of a counselor's role.",
  },
  essay_school_counseling: {
    title: 'School Counseling Statement of Purpose',
    prompt: 'Describe your experience with school-age young people and why you want to become a school counselor.',
  },
  statement_orgcommunications: {
    title: 'Organizational Communication Statement of Purpose',
    prompt: 'Describe your experience with communication in organizations and what you want to gain from the program.',
  },
  personal_statement: {
    title: 'Personal Statement',
    prompt: 'Tell us about your academic and professional background, why you are applying to this program, and your goals.',
  },
  personal_statement_new_programs: {
    title: 'Statement of Interest',
    prompt: 'This program is new. Tell us what interests you in it, how your background prepares you for it, and your goals.',
  },
};

const MAILING_HINT = `Send it to the ${tenant.office_name}, ${tenant.address_lines.join(', ')}, with your full name and program on every page.`;

/** A statement typed in the text tab, or uploaded as `<key>_doc` in the upload tab (tab group named by the key). */
function typedOrUploaded(key: string): TabGroupDef {
  return {
    id: key,
    defaultTab: 'text',
    tabs: [
      { id: 'text', label: 'Type it here', keys: [key] },
      { id: 'upload', label: 'Upload a document', keys: [docKeyOf(key)] },
    ],
  };
}

/** The upload tab's question: the statement's answer given as a document. */
function statementUpload(key: string, label: string): QuestionDef {
  return uploadQuestion(docKeyOf(key), label, { givenInsteadOf: key });
}

/**
 * One essay (form-content sections 2 item 8 and 3), shown for the programs that read it: typed in
 * the text tab, uploaded in the upload tab (tab group named by the essay key), or mailed instead.
 * The mail checkbox names its essay, so it is clear which one when several show.
 */
function essaySection(key: EssayKey): SectionDef {
  const { title, prompt } = essays[key];
  return {
    id: `essay-${key}`,
    title,
    intro: prompt,
    condition: programNeeds(key),
    tabs: typedOrUploaded(key),
    questions: [
      textareaQuestion(key, title, { rows: 12, rules: essayRules(key) }),
      statementUpload(key, `Upload your ${title}`),
      checkboxQuestion(essayMailKeyOf(key), `I will mail my ${title} instead`, { hint: MAILING_HINT }),
    ],
  };
}

export const essaySections: readonly SectionDef[] = ESSAY_KEYS.map(essaySection);

/** A resume, typed or uploaded (tab group `resume`); it cannot be mailed. */
export const resumeSection: SectionDef = {
  id: 'resume',
  title: 'Resume',
  intro: 'Your education, work experience, and any publications, certifications or volunteer work.',
  condition: programNeeds(RESUME_KEY),
  tabs: typedOrUploaded(RESUME_KEY),
  questions: [
    textareaQuestion(RESUME_KEY, 'Resume', { rows: 12, rules: resumeRules(RESUME_KEY) }),
    statementUpload(RESUME_KEY, 'Upload your Resume'),
  ],
};

/** Programs for certified teachers read a copy of the applicant's teaching certificate. */
export const teachingCertificateSection: SectionDef = {
  id: 'teaching-certificate',
  title: 'Teaching Certificate',
  intro: 'This program is for certified teachers. Upload a copy of your current teaching certificate from any U.S. state.',
  condition: programNeeds(TEACHER_UPLOAD_KEY),
  questions: [uploadQuestion(TEACHER_UPLOAD_KEY, 'Upload a copy of your teaching certificate', { rules: teachingCertificateRules })],
};
