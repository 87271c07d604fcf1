import type { SectionDef } from '../../types';
import { checkGroupQuestion, radioQuestion } from '../question-factories';
import { ethnicityOptions, raceMembers } from './choices';

export const demographicsSection: SectionDef = {
  id: 'demographics',
  title: 'Ethnicity and Race',
  intro:
    'These questions are optional. The federal government asks every university to report them; your answers play no part in your admission decision.',
  questions: [
    radioQuestion('ethnicity', 'Ethnicity', ethnicityOptions),
    checkGroupQuestion('race', 'Race', raceMembers, { hint: 'Choose all that apply.' }),
  ],
};
