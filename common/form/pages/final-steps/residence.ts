import type { SectionDef } from '../../types';
import { checkboxQuestion, textQuestion, yesNoQuestion } from '../question-factories';
import { addressQuestions } from './address';
import { RESIDENCE_SAME_AS_PERMANENT_KEY } from '../../model/final-steps';
import { inStateApplicant, movedWithinTwelveMonths, residenceAddressAsked } from './conditions';

const MONTHS_HINT = 'Whole years, then months (0 to 11).';

export const permanentResidenceSection: SectionDef = {
  id: 'residence',
  title: 'Your Residence',
  intro: 'The address where you live permanently, and how long you have lived there.',
  condition: inStateApplicant,
  questions: [
    // Not asked twice (issue 17, item 6): the About page's permanent address, by reference, not a
    // copy that could drift from it (docs/decisions.md, "Your Residence").
    checkboxQuestion(RESIDENCE_SAME_AS_PERMANENT_KEY, 'My residence is the same as my permanent address.', {
      hint: 'The permanent address you gave on the About You page.',
    }),
    ...addressQuestions({
      prefix: 'maryland_permanent_',
      labelPrefix: '',
      withCountry: true,
      autoComplete: true,
      condition: residenceAddressAsked,
    }),
    textQuestion('maryland_permanent_address_years', 'Years at This Address', { inputMode: 'numeric', hint: MONTHS_HINT }),
    textQuestion('maryland_permanent_address_months', 'Months at This Address', { inputMode: 'numeric' }),
    yesNoQuestion('maryland_resided_12_months', 'Have you lived at this address for the past 12 months or more?'),
  ],
};

/** Moved within the last 12 months: where the applicant lived before, and why they moved. */
export const previousResidenceSection: SectionDef = {
  id: 'previous-residence',
  title: 'Your Previous Residence',
  intro: 'Where you lived before you moved to your current address.',
  condition: movedWithinTwelveMonths,
  questions: [
    ...addressQuestions({ prefix: 'maryland_previous_', labelPrefix: 'Previous ', withCountry: true, autoComplete: false }),
    textQuestion('maryland_previous_address_years', 'Years at Previous Address', { inputMode: 'numeric', hint: MONTHS_HINT }),
    textQuestion('maryland_previous_address_months', 'Months at Previous Address', { inputMode: 'numeric' }),
    yesNoQuestion('maryland_moved_for_education', 'Did you move to your current address mainly to go to school?'),
  ],
};

export const residenceSections: readonly SectionDef[] = [permanentResidenceSection, previousResidenceSection];
