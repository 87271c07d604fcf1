import { monthOptions } from '../../options';
import { tenant } from '../../tenant';
import type { SectionDef } from '../../types';
import { lastAttendedRules } from '../../schema/education-rules';
import { required, when } from '../../schema/generic-rules';
import { selectQuestion, yesNoQuestion } from '../question-factories';
import { pastYearOptions } from './choices';
import { attendedBefore } from './conditions';

export const priorAttendanceSection: SectionDef = {
  id: 'prior-attendance',
  title: `Previous Study at ${tenant.partner_name}`,
  questions: [
    yesNoQuestion('previously_attend', `Have you taken classes at ${tenant.partner_name} before?`, {
      hint: 'Including classes taken as a non-degree, visiting or undergraduate student.',
      rules: [required()],
    }),
    selectQuestion('previously_attend_from_month', 'First Attended (Month)', monthOptions, { condition: attendedBefore, rules: [when(attendedBefore, required())] }),
    selectQuestion('previously_attend_from_year', 'First Attended (Year)', pastYearOptions, { condition: attendedBefore, rules: [when(attendedBefore, required())] }),
    selectQuestion('previously_attend_to_month', 'Last Attended (Month)', monthOptions, { condition: attendedBefore, rules: [when(attendedBefore, required())] }),
    selectQuestion('previously_attend_to_year', 'Last Attended (Year)', pastYearOptions, { condition: attendedBefore, rules: lastAttendedRules }),
  ],
};
