import type { SectionDef } from '../../types';
import { durationRules, providerSignatureDateRules } from '../../schema/final-steps-rules';
import { required, when } from '../../schema/generic-rules';
import { dateQuestion, radioQuestion, textQuestion, textareaQuestion, yesNoQuestion } from '../question-factories';
import { addressQuestions } from './address';
import { financialSupportOptions } from './choices';
import { inStateApplicant, providerFiledNoReturn, supportedByOther } from './conditions';
import { DURATION_MAX, NAME_MAX } from './keys';

export const financialSupportSection: SectionDef = {
  id: 'financial-support',
  title: 'Financial Support',
  condition: inStateApplicant,
  questions: [
    radioQuestion('maryland_financially_ind_dep', 'Who provides more than half of your financial support?', financialSupportOptions, {
      hint: 'Count money for tuition, housing, food and other living costs over the last 12 months.',
      rules: [required()],
    }),
  ],
};

const supportDuration = durationRules(supportedByOther);

/** The person who provides more than half of the support (answers Y and N1), who signs for it. */
export const supporterSection: SectionDef = {
  id: 'financial-supporter',
  title: 'Your Financial Supporter',
  intro:
    'Tell us about the person who provides more than half of your support. Your residency may follow theirs, so please ask them to complete and sign this part.',
  condition: supportedByOther,
  questions: [
    textQuestion('maryland_provider_name', "Supporter's Full Name", { maxLength: NAME_MAX, rules: [when(supportedByOther, required())] }),
    textQuestion('maryland_provider_relationship', 'Relationship to You', {
      hint: 'For example, mother, father, legal guardian or spouse.',
      rules: [when(supportedByOther, required())],
    }),
    textQuestion('maryland_provider_support_years', 'Years of Support', {
      inputMode: 'numeric',
      maxLength: DURATION_MAX,
      rules: supportDuration.years,
      hint: 'How long this person has supported you: whole years, then months (0 to 11).',
    }),
    textQuestion('maryland_provider_support_months', 'Months of Support', { inputMode: 'numeric', maxLength: DURATION_MAX, rules: supportDuration.months }),
    ...addressQuestions({ prefix: 'maryland_provider_', labelPrefix: "Supporter's ", withCountry: false, autoComplete: false, requiredWhen: supportedByOther }),
    yesNoQuestion('maryland_provider_tax_return_filed', 'Did your supporter file a Maryland income tax return for last year?', {
      rules: [when(supportedByOther, required())],
    }),
    textareaQuestion('maryland_provider_tax_return_reason', 'Why did your supporter not file a Maryland income tax return?', {
      condition: providerFiledNoReturn,
      rows: 3,
      rules: [when(providerFiledNoReturn, required())],
    }),
    textQuestion('maryland_provider_signature', "Supporter's Signature", {
      maxLength: NAME_MAX,
      rules: [when(supportedByOther, required())],
      hint: 'Your supporter types their full name to certify that the information about their support is true.',
    }),
    dateQuestion('maryland_provider_signature_date', "Supporter's Signature Date", { rules: providerSignatureDateRules }),
  ],
};

export const financialSupportSections: readonly SectionDef[] = [financialSupportSection, supporterSection];
