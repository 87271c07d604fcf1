import type { SectionDef } from '../../types';
import { required } from '../../schema/generic-rules';
import { yesNoQuestion } from '../question-factories';

/** The question that opens the residency questionnaire: every section after it needs a yes. */
export const inStateTuitionSection: SectionDef = {
  id: 'instate-tuition',
  title: 'In-State Tuition',
  intro:
    'Maryland residents pay the lower in-state rate. Some others do too, whatever their residence: for example members of the armed forces and University System of Maryland employees and their families.',
  questions: [
    yesNoQuestion('instate_tuition', 'Are you applying for in-state tuition?', {
      hint: 'Answer yes to fill in the residency questions below. Answer no to be charged the out-of-state rate.',
      rules: [required()],
      role: 'residency',
    }),
  ],
};
