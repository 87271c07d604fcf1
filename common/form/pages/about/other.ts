import type { SectionDef } from '../../types';
import { selectQuestion, textQuestion, yesNoQuestion } from '../question-factories';
import { religiousAffiliationOptions } from './choices';
import { otherChosen } from './conditions';

export const otherPersonalSection: SectionDef = {
  id: 'other-personal',
  title: 'Additional Information',
  intro: 'These questions are optional and play no part in your admission decision. They help campus offices reach out with services for you.',
  questions: [
    selectQuestion('religious_affiliation', 'Religious Affiliation', religiousAffiliationOptions),
    textQuestion('religious_affilation_other', 'Other Religious Affiliation', {
      condition: otherChosen('religious_affiliation'),
    }),
    yesNoQuestion('children_any', 'Do you have children?', {
      hint: 'Our Family Resource Center offers child care and family housing information.',
    }),
  ],
};
