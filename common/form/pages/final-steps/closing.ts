import { formatDay } from '../../format-day';
import type { SectionDef } from '../../types';
import { checkboxQuestion, dateQuestion, radioQuestion, textQuestion, textareaQuestion, yesNoQuestion } from '../question-factories';
import { checked, completionDateRules, finalStepsMessages } from '../../schema/final-steps-rules';
import { required, when } from '../../schema/generic-rules';
import { recommendationWaiverOptions } from './choices';
import { convicted, disciplined, inStateApplicant } from './conditions';
import { NAME_MAX } from './keys';

export const conductSection: SectionDef = {
  id: 'conduct',
  title: 'Conduct',
  intro: 'A yes answer does not by itself prevent your admission. We consider each case individually.',
  questions: [
    yesNoQuestion(
      'conviction',
      'Have you ever been convicted of a crime other than a minor traffic violation, or are criminal charges pending against you?',
      { rules: [required()] },
    ),
    textareaQuestion('conviction_comment', 'Explanation of Conviction or Charges', {
      condition: convicted,
      rules: [when(convicted, required())],
      hint: 'What happened, when, and the outcome.',
    }),
    yesNoQuestion(
      'suspended',
      'Have you ever been suspended, dismissed or expelled from a school, college or university, or placed on disciplinary probation?',
      { rules: [required()] },
    ),
    textareaQuestion('suspended_comment', 'Explanation of Disciplinary Action', {
      condition: disciplined,
      rules: [when(disciplined, required())],
      hint: 'What happened, when, and the outcome.',
    }),
  ],
};

export const recommendationsSection: SectionDef = {
  id: 'recommendation-waiver',
  title: 'Letters of Recommendation',
  questions: [
    radioQuestion('counselor_request_waiver', 'Do you waive your right to see your letters of recommendation?', recommendationWaiverOptions, {
      hint: 'Under the Family Educational Rights and Privacy Act (FERPA), if you enroll you may see the letters written for you unless you waive that right. Recommenders may write more freely when you do. Your answer does not affect your admission.',
      rules: [required()],
    }),
  ],
};

export const certificationSection: SectionDef = {
  id: 'certification',
  title: 'Certification and Signature',
  questions: [
    checkboxQuestion(
      'legal_agree',
      'I certify that the information in this application is complete and true. I understand that false or missing information may lead to the refusal of my application or the withdrawal of my admission.',
      { rules: [checked(finalStepsMessages.legalAgreeUnchecked)] },
    ),
    checkboxQuestion(
      'statement_checkbox',
      'I certify that my answers to the in-state tuition questions are true and complete. I understand that false information may lead to paying the out-of-state rate for every term I was billed the in-state rate, and to disciplinary action.',
      { condition: inStateApplicant, rules: [when(inStateApplicant, checked(finalStepsMessages.statementUnchecked))] },
    ),
    textQuestion('completion_signature', 'Signature', { hint: 'Type your full legal name.', autoComplete: 'name', maxLength: NAME_MAX, rules: [required()] }),
    // The applicant's own today is taken, up to a day ahead of the university's (completionDateRules);
    // the hint says the university's, so nobody wonders which day is meant (issue 33, item 7).
    dateQuestion('completion_date', "Today's Date", {
      hint: { text: (now) => `Today's date where you are. At the university it is ${formatDay(now)}.` },
      rules: completionDateRules,
    }),
  ],
};

export const closingSections: readonly SectionDef[] = [conductSection, recommendationsSection, certificationSection];
