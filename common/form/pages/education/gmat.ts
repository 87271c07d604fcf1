import { monthOptions } from '../../options';
import { tenant } from '../../tenant';
import type { SectionDef } from '../../types';
import { gmatDateRules } from '../../schema/education-rules';
import { required, when } from '../../schema/generic-rules';
import { selectQuestion, textQuestion, yesNoQuestion } from '../question-factories';
import { gmatPlanYearOptions, gmatTakenYearOptions } from './choices';
import { plansGmat, programAsksGmat, tookGmat } from './conditions';

/** The GMAT, asked only of the programs that read it: the score if taken, the date planned if not. */
export const gmatSection: SectionDef = {
  id: 'gmat',
  title: 'GMAT',
  intro: `This program reads GMAT scores. Have your official scores sent to ${tenant.partner_name}.`,
  condition: programAsksGmat,
  questions: [
    yesNoQuestion('gmat_taken', 'Have you taken the GMAT?', { rules: [required()] }),
    selectQuestion('gmat_taken_month', 'GMAT Test Month', monthOptions, { condition: tookGmat, rules: [when(tookGmat, required())] }),
    selectQuestion('gmat_taken_year', 'GMAT Test Year', gmatTakenYearOptions, {
      condition: tookGmat,
      hint: 'Scores are valid for five years.',
      rules: gmatDateRules.takenYear,
    }),
    textQuestion('gmat_score_composite', 'GMAT Total Score', {
      condition: tookGmat,
      inputMode: 'numeric',
      hint: 'Your total score, from 200 to 800.',
      maxLength: 3,
      rules: gmatDateRules.score,
    }),
    selectQuestion('gmat_plan_month', 'Planned GMAT Test Month', monthOptions, { condition: plansGmat, rules: [when(plansGmat, required())] }),
    selectQuestion('gmat_plan_year', 'Planned GMAT Test Year', gmatPlanYearOptions, { condition: plansGmat, rules: gmatDateRules.planYear }),
  ],
};
