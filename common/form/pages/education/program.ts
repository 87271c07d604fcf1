import type { SectionDef } from '../../types';
import { entryTermOffered } from '../../schema/education-rules';
import { required, when } from '../../schema/generic-rules';
import { dependentSelectQuestion, radioQuestion, selectQuestion } from '../question-factories';
import { campusOptions, entryTermOptionsOffered, programOptionsByCampus } from './choices';
import { campusChosen, majorChosen } from './conditions';

/**
 * The program applied to. The program list depends on the campus (a dependent select): changing
 * the campus clears the program, and with it the essays and tests the program asked for.
 */
export const programSection: SectionDef = {
  id: 'program',
  title: 'Your Program',
  questions: [
    radioQuestion('campus_preferrence', 'Which campus do you plan to attend?', campusOptions, { rules: [required()], role: 'campus' }),
    dependentSelectQuestion(
      'applied_major',
      'Program of Study',
      { controlKey: 'campus_preferrence', category: 'displayAndOptions', optionsByValue: programOptionsByCampus },
      { hint: 'The programs offered at the campus you chose.', rules: [when(campusChosen, required())], role: 'program' },
    ),
    selectQuestion('entry_term', 'Starting Term', entryTermOptionsOffered, {
      hint: 'The term in which you plan to begin your studies.',
      rules: [when(majorChosen, required()), entryTermOffered],
      role: 'term',
    }),
  ],
};
