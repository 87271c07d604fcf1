import { HONORS_KEYS } from '../../model/education';
import type { SectionDef } from '../../types';
import { textQuestion } from '../question-factories';

export const honorsSection: SectionDef = {
  id: 'honors',
  title: 'Honors and Awards',
  intro: "Optional. Academic honors, scholarships or awards you have received, for example Dean's List or Phi Beta Kappa.",
  questions: HONORS_KEYS.map((key, index) => textQuestion(key, `Honor or Award ${index + 1}`)),
};
