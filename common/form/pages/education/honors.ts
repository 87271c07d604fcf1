import type { SectionDef } from '../../types';
import { textQuestion } from '../question-factories';

/** Up to four honors or awards, each its own answer. */
export const HONORS_KEYS = ['honors_name', 'honors_2_name', 'honors_3_name', 'honors_4_name'] as const;

export const honorsSection: SectionDef = {
  id: 'honors',
  title: 'Honors and Awards',
  intro: "Optional. Academic honors, scholarships or awards you have received, for example Dean's List or Phi Beta Kappa.",
  questions: HONORS_KEYS.map((key, index) => textQuestion(key, `Honor or Award ${index + 1}`, { maxLength: 100 })),
};
