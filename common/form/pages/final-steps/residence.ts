import type { Condition, QuestionDef, SectionDef } from '../../types';
import { agreesWithTimeAtAddress, durationRules } from '../../schema/final-steps-rules';
import { required, when } from '../../schema/generic-rules';
import { checkboxQuestion, textQuestion, yesNoQuestion } from '../question-factories';
import { PERMANENT_ADDRESS_KEYS, permanentAddressLine } from '../about/addresses';
import { addressQuestions } from './address';
import { DURATION_MAX, RESIDENCE_SAME_AS_PERMANENT_KEY } from './keys';
import { inStateApplicant, movedWithinTwelveMonths, permanentAddressGiven, residenceAddressAsked } from './conditions';

const MONTHS_HINT = 'Whole years, then months (0 to 11).';

/** How long the applicant has lived at an address: whole years, then months, required while `condition` holds (always without one). */
function timeAtAddressQuestions(prefix: string, place: string, condition?: Condition): QuestionDef[] {
  const rules = durationRules(condition);
  return [
    textQuestion(`${prefix}_years`, `Years at ${place}`, { inputMode: 'numeric', hint: MONTHS_HINT, maxLength: DURATION_MAX, rules: rules.years }),
    textQuestion(`${prefix}_months`, `Months at ${place}`, { inputMode: 'numeric', maxLength: DURATION_MAX, rules: rules.months }),
  ];
}

export const permanentResidenceSection: SectionDef = {
  id: 'residence',
  title: 'Your Residence',
  intro: 'The address where you live permanently, and how long you have lived there.',
  condition: inStateApplicant,
  questions: [
    // Not asked twice (issue 17, item 6): the About page's permanent address, by reference, not a
    // copy that could drift from it (docs/decisions.md, "Your Residence"). Offered once there is
    // one, quoting it, so the applicant sees what they choose (issue 33, item 7; WCAG 2.2 3.3.7).
    checkboxQuestion(RESIDENCE_SAME_AS_PERMANENT_KEY, 'My residence is the same as my permanent address.', {
      condition: permanentAddressGiven,
      hint: { reads: PERMANENT_ADDRESS_KEYS, text: (_now, answers) => `The address you gave on About You: ${permanentAddressLine(answers)}.` },
    }),
    ...addressQuestions({
      prefix: 'maryland_permanent_',
      labelPrefix: '',
      withCountry: true,
      autoComplete: true,
      condition: residenceAddressAsked,
    }),
    ...timeAtAddressQuestions('maryland_permanent_address', 'This Address'),
    yesNoQuestion('maryland_resided_12_months', 'Have you lived at this address for the past 12 months or more?', {
      rules: [required(), agreesWithTimeAtAddress],
    }),
  ],
};

/** Moved within the last 12 months: where the applicant lived before, and why they moved. */
export const previousResidenceSection: SectionDef = {
  id: 'previous-residence',
  title: 'Your Previous Residence',
  intro: 'Where you lived before you moved to your current address.',
  condition: movedWithinTwelveMonths,
  questions: [
    ...addressQuestions({
      prefix: 'maryland_previous_',
      labelPrefix: 'Previous ',
      withCountry: true,
      autoComplete: false,
      requiredWhen: movedWithinTwelveMonths,
    }),
    ...timeAtAddressQuestions('maryland_previous_address', 'Previous Address', movedWithinTwelveMonths),
    yesNoQuestion('maryland_moved_for_education', 'Did you move to your current address mainly to go to school?', {
      rules: [when(movedWithinTwelveMonths, required())],
    }),
  ],
};

export const residenceSections: readonly SectionDef[] = [permanentResidenceSection, previousResidenceSection];
