import { describe, expect, it } from 'vitest';
import type { Answers } from '../../../../common/api';
import { checkFormDefinition } from '../../../../common/form/config-checks';
import { answerModel } from '../../../../common/form/model';
import { EXEMPTION_KEYS, SUPPORTING_DOCUMENT_KEYS, TIE_KEYS } from '../../../../common/form/pages/final-steps/keys';
import { fieldsOfPage } from './model-support';
import { formPages } from '../../../../common/form/pages';
import { finalStepsPage } from '../../../../common/form/pages/final-steps';
import { shownWhenAny } from '../../../../common/form/pages/final-steps/alternatives';
import { proofSections } from '../../../../common/form/pages/final-steps/documents';
import { permanentResidenceSection } from '../../../../common/form/pages/final-steps/residence';
import { hintText, keysHintReads } from '../../../../common/form/question-hint';
import { finalStepsMessages, validateAnswers } from '../../../../common/form/schema';
import type { QuestionDef } from '../../../../common/form/types';
import { allQuestions, keysToClear, questionKeys, shownKeys, shownSections } from '../../../../common/form/visibility';

const finalStepsFields = fieldsOfPage('final_steps');

/** 15 May 2026, local time: the day every date rule is judged against. */
const today = new Date(2026, 4, 15);

const pages = [finalStepsPage];

/** The closing questions every applicant answers. */
const closing: Answers = {
  conviction: 'N',
  suspended: 'N',
  counselor_request_waiver: 'Y',
  legal_agree: true,
  completion_signature: 'Ada Lovelace',
  completion_date: '2026-05-15',
};

const noExceptions: Answers = Object.fromEntries(
  EXEMPTION_KEYS.filter((key) => key !== 'maryland_veteran_documents').map((key) => [key, 'N']),
);

/**
 * A complete Final Steps page of a dependent student (Y) applying for in-state tuition, with no
 * exceptions: no errors. Each test changes what it checks.
 */
const valid: Answers = {
  instate_tuition: 'Y',
  maryland_financially_ind_dep: 'Y',
  maryland_provider_name: 'Grace Lovelace',
  maryland_provider_relationship: 'Mother',
  maryland_provider_support_years: '22',
  maryland_provider_support_months: '0',
  maryland_provider_address_line_1: '12 Oak Street',
  maryland_provider_city: 'Towson',
  maryland_provider_state: 'Maryland',
  maryland_provider_zip: '21204',
  maryland_provider_tax_return_filed: 'Y',
  maryland_provider_signature: 'Grace Lovelace',
  maryland_provider_signature_date: '2026-05-01',
  ...noExceptions,
  maryland_permanent_country: 'USA',
  maryland_permanent_address_line_1: '12 Oak Street',
  maryland_permanent_city: 'Towson',
  maryland_permanent_state: 'Maryland',
  maryland_permanent_zip: '21204',
  maryland_permanent_address_years: '5',
  maryland_permanent_address_months: '3',
  maryland_resided_12_months: 'Y',
  maryland_possessions: 'Y',
  maryland_drivers_license: 'Y',
  maryland_drivers_license_year: '2019',
  maryland_vehicle_registration: 'NA',
  maryland_voter_registration: 'Y',
  maryland_voter_registration_year: '2022',
  maryland_state_tax_return: 'NA',
  maryland_state_tax_withholding: 'N',
  maryland_state_tax_withholding_state: 'District of Columbia',
  maryland_public_assistance: 'NA',
  doc_upload: 'ANSWERED',
  ...closing,
  statement_checkbox: true,
};

function errorsOf(changes: Answers, day: Date = today) {
  return validateAnswers({ ...valid, ...changes }, { today: day, pages });
}

const cleared = (answers: Answers) => keysToClear(pages, answers).sort();

/** Every key the page's questions write, with `_desc` companions. */
const questions: QuestionDef[] = finalStepsPage.sections.flatMap(allQuestions);
const labelOf = (key: string) => questions.find((question) => question.key === key)?.label ?? '';

const previousAddress: Answers = {
  maryland_resided_12_months: 'N',
  maryland_permanent_address_years: '0',
  maryland_permanent_address_months: '8',
  maryland_previous_country: 'USA',
  maryland_previous_address_line_1: '300 Main Street',
  maryland_previous_city: 'Richmond',
  maryland_previous_state: 'Virginia',
  maryland_previous_zip: '23219',
  maryland_previous_address_years: '3',
  maryland_previous_address_months: '0',
  maryland_moved_for_education: 'N',
};

describe('Final Steps rules: a complete page', () => {
  it('has no errors for a dependent student applying for in-state tuition', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('asks only the closing questions of an empty application, with their labels', () => {
    expect(validateAnswers({}, { today, pages })).toEqual({
      instate_tuition: ['Please answer: Are you applying for in-state tuition?'],
      conviction: [
        'Please answer: Have you ever been convicted of a crime other than a minor traffic violation, or are criminal charges pending against you?',
      ],
      suspended: [
        'Please answer: Have you ever been suspended, dismissed or expelled from a school, college or university, or placed on disciplinary probation?',
      ],
      counselor_request_waiver: ['Please answer: Do you waive your right to see your letters of recommendation?'],
      legal_agree: [finalStepsMessages.legalAgreeUnchecked],
      completion_signature: ['Signature is required.'],
      completion_date: ["Today's Date is required."],
    });
  });

  it('asks no residency question of an applicant who does not ask for the in-state rate', () => {
    expect(validateAnswers({ ...closing, instate_tuition: 'N' }, { today, pages })).toEqual({});
  });

  it('lists every questionnaire question once the applicant asks for the in-state rate', () => {
    expect(validateAnswers({ ...closing, instate_tuition: 'Y' }, { today, pages })).toEqual({
      maryland_financially_ind_dep: ['Please answer: Who provides more than half of your financial support?'],
      maryland_employee_dependent: [`Please answer: ${labelOf('maryland_employee_dependent')}`],
      maryland_guardian_dependent: ['Please answer: Are you the ward of a court-appointed legal guardian who lives in Maryland?'],
      maryland_armed_forces: [`Please answer: ${labelOf('maryland_armed_forces')}`],
      maryland_veteran: ['Please answer: Are you an honorably discharged veteran of the U.S. armed forces who lives in Maryland?'],
      maryland_spouse_child_eligibility: [`Please answer: ${labelOf('maryland_spouse_child_eligibility')}`],
      maryland_guard_exemption: ['Please answer: Are you a member of the Maryland National Guard?'],
      maryland_federated_state_citizen: [`Please answer: ${labelOf('maryland_federated_state_citizen')}`],
      maryland_foreign_service: [`Please answer: ${labelOf('maryland_foreign_service')}`],
      maryland_peace_corps: ['Please answer: Are you a returned Peace Corps volunteer?'],
      maryland_service_corps: [`Please answer: ${labelOf('maryland_service_corps')}`],
      maryland_permanent_country: ['Country is required.'],
      maryland_permanent_address_line_1: ['Address is required.'],
      maryland_permanent_city: ['City is required.'],
      maryland_permanent_address_years: ['Years at This Address is required.'],
      maryland_permanent_address_months: ['Months at This Address is required.'],
      maryland_resided_12_months: ['Please answer: Have you lived at this address for the past 12 months or more?'],
      maryland_possessions: ['Please answer: Do you keep most of your personal belongings in Maryland?'],
      maryland_drivers_license: ["Please answer: Do you have a driver's license?"],
      maryland_vehicle_registration: ['Please answer: Do you own or lease a registered vehicle?'],
      maryland_voter_registration: ['Please answer: Are you registered to vote?'],
      maryland_state_tax_return: ['Please answer: Did you file a state income tax return for last year?'],
      maryland_state_tax_withholding: ['Please answer: Is state income tax withheld from your pay?'],
      maryland_public_assistance: ['Please answer: Do you receive public assistance, such as SNAP or Medicaid?'],
      statement_checkbox: [finalStepsMessages.statementUnchecked],
    });
  });

  it('refuses a code that is not listed', () => {
    expect(errorsOf({ maryland_financially_ind_dep: 'N2' })).toEqual({
      maryland_financially_ind_dep: ['Who provides more than half of your financial support? must be one of the listed choices.'],
    });
    expect(errorsOf({ maryland_drivers_license_state: 'Maryland', maryland_drivers_license: 'N' })).toEqual({
      maryland_drivers_license_state: ['State That Issued Your License must be one of the listed choices.'],
    });
  });
});

describe('Final Steps rules: financial support', () => {
  const supporterRequired = {
    maryland_provider_name: ["Supporter's Full Name is required."],
    maryland_provider_relationship: ['Relationship to You is required.'],
    maryland_provider_support_years: ['Years of Support is required.'],
    maryland_provider_support_months: ['Months of Support is required.'],
    maryland_provider_address_line_1: ["Supporter's Address is required."],
    maryland_provider_city: ["Supporter's City is required."],
    maryland_provider_state: ["Supporter's State/Province is required."],
    maryland_provider_zip: ["Supporter's ZIP/Postal Code is required."],
    maryland_provider_tax_return_filed: ['Please answer: Did your supporter file a Maryland income tax return for last year?'],
    maryland_provider_signature: ["Supporter's Signature is required."],
    maryland_provider_signature_date: ["Supporter's Signature Date is required."],
  };
  const noSupporter = Object.fromEntries(Object.keys(supporterRequired).map((key) => [key, null]));

  it.each(['Y', 'N1'])('requires every answer about the supporter for %s', (support) => {
    expect(errorsOf({ ...noSupporter, maryland_financially_ind_dep: support })).toEqual(supporterRequired);
    expect(errorsOf({ maryland_financially_ind_dep: support })).toEqual({});
  });

  it('asks nothing about a supporter of an independent student', () => {
    expect(errorsOf({ ...noSupporter, maryland_financially_ind_dep: 'N' })).toEqual({});
  });

  it('asks why no Maryland tax return was filed', () => {
    expect(errorsOf({ maryland_provider_tax_return_filed: 'N' })).toEqual({
      maryland_provider_tax_return_reason: ['Please answer: Why did your supporter not file a Maryland income tax return?'],
    });
    expect(errorsOf({ maryland_provider_tax_return_filed: 'N', maryland_provider_tax_return_reason: 'They moved to Maryland this year.' })).toEqual({});
  });

  it('needs a valid signature date, today or earlier (today where the supporter is, up to a day ahead of the university)', () => {
    expect(errorsOf({ maryland_provider_signature_date: '2026-05-15' })).toEqual({});
    expect(errorsOf({ maryland_provider_signature_date: '2026-05-16' })).toEqual({});
    expect(errorsOf({ maryland_provider_signature_date: '2026-05-17' })).toEqual({
      maryland_provider_signature_date: ["The supporter's signature date must be today or a date in the past."],
    });
    expect(errorsOf({ maryland_provider_signature_date: '2026-02-30' })).toEqual({
      maryland_provider_signature_date: ["Supporter's Signature Date must be a valid date."],
    });
  });

  it('needs the support duration in whole years and 0 to 11 months', () => {
    expect(errorsOf({ maryland_provider_support_years: '0', maryland_provider_support_months: '11' })).toEqual({});
    expect(errorsOf({ maryland_provider_support_months: '12' })).toEqual({ maryland_provider_support_months: ['Months of Support must be at most 11.'] });
    expect(errorsOf({ maryland_provider_support_years: '2.5' })).toEqual({
      maryland_provider_support_years: ['Years of Support must be a whole number.', 'Years of Support must be at most 2 characters.'],
    });
    expect(errorsOf({ maryland_provider_support_years: '-1' })).toEqual({ maryland_provider_support_years: ['Years of Support must be a whole number.'] });
  });

  it("needs at least 5 characters of the supporter's ZIP/postal code", () => {
    expect(errorsOf({ maryland_provider_zip: '2120' })).toEqual({
      maryland_provider_zip: ["Supporter's ZIP/Postal Code must be at least 5 characters."],
    });
  });
});

describe('Final Steps rules: exceptions', () => {
  it.each(EXEMPTION_KEYS.filter((key) => key !== 'maryland_veteran_documents'))('requires an answer to %s', (key) => {
    expect(errorsOf({ [key]: null })).toEqual({ [key]: [`Please answer: ${labelOf(key)}`] });
  });

  it('asks a veteran whether they can provide the DD214, and then for the DD214', () => {
    expect(errorsOf({ maryland_veteran: 'Y' })).toEqual({
      maryland_veteran_documents: ['Please answer: Can you provide your DD214 (Certificate of Release or Discharge from Active Duty)?'],
    });
    expect(errorsOf({ maryland_veteran: 'Y', maryland_veteran_documents: 'N' })).toEqual({});
    expect(errorsOf({ maryland_veteran: 'Y', maryland_veteran_documents: 'Y', doc_upload: null })).toEqual({
      doc_upload: [finalStepsMessages.deedOrLeaseMissing, finalStepsMessages.dd214Missing],
    });
  });

  it.each([
    ['maryland_guardian_dependent', 'ward_doc_upload', 'Please upload the court order of guardianship.'],
    ['maryland_armed_forces', 'active_duty_order', 'Please upload active-duty orders showing service in Maryland.'],
    [
      'maryland_guard_exemption',
      'commander_documentation',
      'Please upload a letter from your commanding officer confirming your membership in the Maryland National Guard.',
    ],
    ['maryland_federated_state_citizen', 'copy_of_citizenship', 'Please upload a copy of your passport or certificate of citizenship.'],
    ['maryland_peace_corps', 'peace_corp_documentation', 'Please upload your Peace Corps Description of Service.'],
    ['maryland_service_corps', 'american_corp_program_documentation', 'Please upload your AmeriCorps or service corps certificate of completion.'],
  ])('a yes to %s asks for %s, named in its message', (trigger, upload, message) => {
    expect(errorsOf({ [trigger]: 'Y' })).toEqual({ [upload]: [message] });
    expect(errorsOf({ [trigger]: 'Y', [upload]: 'ANSWERED' })).toEqual({});
    expect(shownKeys(pages, { ...valid, [trigger]: 'Y' }).has(upload)).toBe(true);
    expect(shownKeys(pages, valid).has(upload)).toBe(false);
    // The upload sits right after the question that asks for it.
    const keys = questions.map((question) => question.key);
    expect(keys.indexOf(upload)).toBe(keys.indexOf(trigger) + 1);
  });

  it('clears the proof of an exception answered no again', () => {
    expect(cleared({ ...valid, maryland_armed_forces: 'N', active_duty_order: 'ANSWERED' })).toEqual(['active_duty_order']);
    expect(cleared({ ...valid, maryland_veteran: 'N', maryland_veteran_documents: 'Y' })).toEqual(['maryland_veteran_documents']);
  });

  it('asks no document of a Foreign Service member', () => {
    expect(errorsOf({ maryland_foreign_service: 'Y' })).toEqual({});
  });
});

describe('Final Steps rules: residence', () => {
  it('asks for the previous address of an applicant who moved within 12 months', () => {
    const moved = { maryland_resided_12_months: 'N', maryland_permanent_address_years: '0', maryland_permanent_address_months: '8' };
    expect(errorsOf(moved)).toEqual({
      maryland_previous_country: ['Previous Country is required.'],
      maryland_previous_address_line_1: ['Previous Address is required.'],
      maryland_previous_city: ['Previous City is required.'],
      maryland_previous_address_years: ['Years at Previous Address is required.'],
      maryland_previous_address_months: ['Months at Previous Address is required.'],
      maryland_moved_for_education: ['Please answer: Did you move to your current address mainly to go to school?'],
    });
    expect(errorsOf({ ...moved, maryland_previous_country: 'USA' })).toMatchObject({
      maryland_previous_state: ['Previous State/Province is required.'],
      maryland_previous_zip: ['Previous ZIP/Postal Code is required.'],
    });
    expect(errorsOf(previousAddress)).toEqual({});
  });

  it('asks state and ZIP/postal code only for an address in the United States or Canada', () => {
    const abroad = { maryland_permanent_country: 'GBR', maryland_permanent_state: null, maryland_permanent_zip: null };
    expect(errorsOf(abroad)).toEqual({});
    expect(errorsOf({ ...abroad, maryland_permanent_zip: 'W1' })).toEqual({});
    expect(errorsOf({ maryland_permanent_state: null, maryland_permanent_zip: null })).toEqual({
      maryland_permanent_state: ['State/Province is required.'],
      maryland_permanent_zip: ['ZIP/Postal Code is required.'],
    });
    expect(errorsOf({ maryland_permanent_zip: '2120' })).toEqual({ maryland_permanent_zip: ['ZIP/Postal Code must be at least 5 characters.'] });
  });

  it('needs whole years up to 99 and 0 to 11 months at the address', () => {
    expect(errorsOf({ maryland_permanent_address_years: '99', maryland_permanent_address_months: '11' })).toEqual({});
    expect(errorsOf({ maryland_permanent_address_months: '12' })).toEqual({
      maryland_permanent_address_months: ['Months at This Address must be at most 11.'],
    });
    expect(errorsOf({ maryland_permanent_address_years: 'five' })).toEqual({
      maryland_permanent_address_years: ['Years at This Address must be a whole number.', 'Years at This Address must be at most 2 characters.'],
    });
    expect(errorsOf({ maryland_permanent_address_years: '100' })).toEqual({
      maryland_permanent_address_years: ['Years at This Address must be at most 99.', 'Years at This Address must be at most 2 characters.'],
    });
  });

  it('checks the 12-month answer against the years and months given', () => {
    const message = [finalStepsMessages.residenceDisagreesWithDuration];
    expect(errorsOf({ maryland_permanent_address_years: '0', maryland_permanent_address_months: '11' })).toEqual({ maryland_resided_12_months: message });
    expect(errorsOf({ maryland_permanent_address_years: '1', maryland_permanent_address_months: '0' })).toEqual({});
    expect(errorsOf({ ...previousAddress, maryland_permanent_address_years: '1' })).toEqual({ maryland_resided_12_months: message });
    // Durations that are not whole numbers have their own messages.
    expect(errorsOf({ maryland_permanent_address_years: 'x' })).not.toHaveProperty('maryland_resided_12_months');
  });

  it('clears the previous address when the answer becomes Y, and the deed or lease when it becomes N', () => {
    expect(cleared({ ...valid, ...previousAddress, maryland_resided_12_months: 'Y' })).toEqual(
      Object.keys(previousAddress)
        .filter((key) => key.startsWith('maryland_previous_') || key === 'maryland_moved_for_education')
        .sort(),
    );
    expect(cleared({ ...valid, ...previousAddress })).toEqual(['doc_upload']);
  });
});

describe('Final Steps rules: ties to Maryland', () => {
  it.each(TIE_KEYS)('%s: Y asks the year it began in Maryland, N the other state, NA neither', (key) => {
    const base = { [key]: 'NA', [`${key}_year`]: null, [`${key}_state`]: null };
    expect(errorsOf(base)).toEqual({});
    expect(errorsOf({ ...base, [key]: 'Y' })).toEqual({ [`${key}_year`]: [`${labelOf(`${key}_year`)} is required.`] });
    expect(errorsOf({ ...base, [key]: 'Y', [`${key}_year`]: '2010' })).toEqual({});
    expect(errorsOf({ ...base, [key]: 'N' })).toEqual({ [`${key}_state`]: [`${labelOf(`${key}_state`)} is required.`] });
    expect(errorsOf({ ...base, [key]: 'N', [`${key}_state`]: 'Delaware' })).toEqual({});
    expect(errorsOf({ [key]: null })).toEqual({ [key]: [`Please answer: ${labelOf(key)}`] });
  });

  it('names each follow-on in its message', () => {
    expect(errorsOf({ maryland_drivers_license_year: null })).toEqual({
      maryland_drivers_license_year: ['Year Your Maryland License Was First Issued is required.'],
    });
    expect(errorsOf({ maryland_state_tax_withholding_state: null })).toEqual({
      maryland_state_tax_withholding_state: ['State Whose Income Tax Is Withheld is required.'],
    });
  });

  it.each(TIE_KEYS)('%s: changing the answer clears the follow-on that no longer applies', (key) => {
    const inMaryland = { ...valid, [key]: 'Y', [`${key}_year`]: '2015', [`${key}_state`]: null };
    const elsewhere = { ...valid, [key]: 'N', [`${key}_year`]: null, [`${key}_state`]: 'Ohio' };
    expect(cleared(inMaryland)).toEqual([]);
    expect(cleared({ ...inMaryland, [key]: 'N' })).toEqual([`${key}_year`]);
    expect(cleared({ ...elsewhere, [key]: 'Y' })).toEqual([`${key}_state`]);
    expect(cleared({ ...elsewhere, [key]: 'NA' })).toEqual([`${key}_state`]);
  });

  it('offers every state but Maryland as the other state', () => {
    const stateQuestion = questions.find((question) => question.key === 'maryland_voter_registration_state');
    expect(stateQuestion?.options?.map((option) => option.value)).not.toContain('Maryland');
    expect(stateQuestion?.options?.map((option) => option.value)).toContain('Virginia');
  });
});

describe('Final Steps rules: proof of residence and eligibility (doc_upload)', () => {
  const triggers: Answers = {
    maryland_resided_12_months: 'Y',
    maryland_veteran: 'Y',
    maryland_veteran_documents: 'Y',
    maryland_spouse_child_eligibility: 'Y',
    maryland_employee_dependent: 'Y',
  };
  const noTrigger: Answers = { ...valid, ...previousAddress, doc_upload: null };

  it('is one question in alternatives of one group, one per trigger', () => {
    expect(proofSections.map((section) => [section.id, section.group, section.condition?.valueKey])).toEqual([
      ['proof-of-residence-1', 'proof-of-residence', 'maryland_resided_12_months'],
      ['proof-of-residence-2', 'proof-of-residence', 'maryland_veteran_documents'],
      ['proof-of-residence-3', 'proof-of-residence', 'maryland_spouse_child_eligibility'],
      ['proof-of-residence-4', 'proof-of-residence', 'maryland_employee_dependent'],
    ]);
    for (const section of proofSections) expect(section.questions.map((question) => question.key)).toEqual(['doc_upload']);
  });

  it('shows once, whichever trigger holds', () => {
    expect(shownKeys(pages, noTrigger).has('doc_upload')).toBe(false);
    for (const [key, value] of Object.entries(triggers).filter(([key]) => key !== 'maryland_veteran')) {
      const answers = { ...noTrigger, maryland_veteran: key === 'maryland_veteran_documents' ? 'Y' : 'N', [key]: value };
      const shown = shownSections(finalStepsPage, answers).filter((section) => section.group === 'proof-of-residence');
      expect(shown, key).toHaveLength(1);
      expect(shown[0]?.condition?.valueKey, key).toBe(key);
    }
    const all = shownSections(finalStepsPage, { ...valid, ...triggers }).filter((section) => section.group === 'proof-of-residence');
    expect(all.map((section) => section.id)).toEqual(['proof-of-residence-1']);
  });

  it('names every missing document, each in its own message', () => {
    expect(errorsOf({ ...triggers, doc_upload: null })).toEqual({
      doc_upload: [
        'Please upload a deed or lease showing that you have lived at your address for the past 12 months.',
        'Please upload your DD214 (Certificate of Release or Discharge from Active Duty).',
        'Please upload your certificate of eligibility for transferred veterans’ education benefits.',
        'Please upload a letter of verification from Human Resources confirming the University System of Maryland employment.',
      ],
    });
    expect(errorsOf({ ...triggers, doc_upload: 'ANSWERED' })).toEqual({});
    expect(errorsOf({ ...noTrigger, maryland_employee_dependent: 'Y' })).toEqual({ doc_upload: [finalStepsMessages.hrLetterMissing] });
    expect(errorsOf({ ...noTrigger, maryland_spouse_child_eligibility: 'Y' })).toEqual({
      doc_upload: [finalStepsMessages.eligibilityCertificateMissing],
    });
    expect(errorsOf(noTrigger)).toEqual({});
  });

  it('keeps the upload while any trigger holds and clears it when none does', () => {
    const uploaded = { ...noTrigger, doc_upload: 'ANSWERED', maryland_employee_dependent: 'Y' };
    expect(cleared(uploaded)).toEqual([]);
    expect(cleared({ ...uploaded, maryland_spouse_child_eligibility: 'Y' })).toEqual([]);
    expect(cleared({ ...uploaded, maryland_employee_dependent: 'N' })).toEqual(['doc_upload']);
    // The veteran's DD214 keeps it; a veteran who turns out not to be one clears both.
    const veteran = { ...noTrigger, doc_upload: 'ANSWERED', maryland_veteran: 'Y', maryland_veteran_documents: 'Y' };
    expect(cleared(veteran)).toEqual([]);
    expect(cleared({ ...veteran, maryland_veteran: 'N' })).toEqual(['doc_upload', 'maryland_veteran_documents']);
  });

  it('builds alternatives from any list of conditions', () => {
    const sections = shownWhenAny({ id: 'x', title: 'X', questions: [] }, [
      { valueKey: 'a', operator: 'equals', target: 'Y' },
      { valueKey: 'b', operator: 'answered' },
    ]);
    expect(sections.map(({ id, group, condition }) => ({ id, group, key: condition?.valueKey }))).toEqual([
      { id: 'x-1', group: 'x', key: 'a' },
      { id: 'x-2', group: 'x', key: 'b' },
    ]);
  });
});

describe('Final Steps rules: hidden answers are cleared', () => {
  const supporterKeys = finalStepsFields
    .map((field) => field.key)
    .filter((key) => key.startsWith('maryland_provider_') && !key.endsWith('_desc') && key !== 'maryland_provider_tax_return_reason');

  it.each(['N1', 'Y'])('clears the supporter when the answer goes from %s to N', (support) => {
    expect(cleared({ ...valid, maryland_financially_ind_dep: support })).toEqual([]);
    expect(cleared({ ...valid, maryland_financially_ind_dep: 'N' })).toEqual(supporterKeys.sort());
  });

  it('clears the tax return reason when the supporter filed after all', () => {
    const reason = { maryland_provider_tax_return_filed: 'N', maryland_provider_tax_return_reason: 'Lived abroad.' };
    expect(cleared({ ...valid, ...reason })).toEqual([]);
    expect(cleared({ ...valid, ...reason, maryland_provider_tax_return_filed: 'Y' })).toEqual(['maryland_provider_tax_return_reason']);
  });

  it('clears the whole questionnaire, uploads included, when in-state tuition goes from Y to N', () => {
    const everything: Answers = {
      ...valid,
      ...Object.fromEntries(EXEMPTION_KEYS.map((key) => [key, 'Y'])),
      ...Object.fromEntries(SUPPORTING_DOCUMENT_KEYS.map((key) => [key, 'ANSWERED'])),
      maryland_financially_ind_dep_desc: 'A parent or legal guardian',
    };
    expect(cleared(everything)).toEqual([]);
    const closingKeys = new Set(['instate_tuition', ...Object.keys(closing)]);
    const questionnaire = Object.keys(everything).filter((key) => !closingKeys.has(key));
    expect(cleared({ ...everything, instate_tuition: 'N' })).toEqual(questionnaire.sort());
    expect(validateAnswers({ ...everything, instate_tuition: 'N' }, { today, pages })).toEqual({});
  });
});

describe('Final Steps rules: closing questions', () => {
  it.each([
    ['conviction', 'conviction_comment', 'Explanation of Conviction or Charges is required.'],
    ['suspended', 'suspended_comment', 'Explanation of Disciplinary Action is required.'],
  ])('%s Y asks for an explanation', (key, comment, message) => {
    expect(errorsOf({ [key]: 'Y' })).toEqual({ [comment]: [message] });
    expect(errorsOf({ [key]: 'Y', [comment]: 'A speeding charge in 2015, dismissed.' })).toEqual({});
    expect(cleared({ ...valid, [key]: 'N', [comment]: 'Left over.' })).toEqual([comment]);
  });

  it('requires the recommendation waiver answer', () => {
    expect(errorsOf({ counselor_request_waiver: null })).toEqual({
      counselor_request_waiver: ['Please answer: Do you waive your right to see your letters of recommendation?'],
    });
    expect(errorsOf({ counselor_request_waiver: 'N' })).toEqual({});
  });

  it('needs the certification checked', () => {
    for (const unchecked of [false, null]) {
      expect(errorsOf({ legal_agree: unchecked })).toEqual({
        legal_agree: ['Please check the box to certify that the information in your application is complete and true.'],
      });
    }
  });

  it('needs the residency certification checked when applying for in-state tuition, and only then', () => {
    expect(errorsOf({ statement_checkbox: false })).toEqual({
      statement_checkbox: ['Please check the box to certify your answers to the in-state tuition questions.'],
    });
    expect(validateAnswers({ ...closing, instate_tuition: 'N', statement_checkbox: false }, { today, pages })).toEqual({});
    expect(cleared({ ...closing, instate_tuition: 'N', statement_checkbox: true })).toEqual(['statement_checkbox']);
  });

  it('requires the signature', () => {
    expect(errorsOf({ completion_signature: '  ' })).toEqual({ completion_signature: ['Signature is required.'] });
  });

  it('needs a completion date of today or earlier: today where the applicant is, which may be a day ahead of the university (issue 33, item 7)', () => {
    const future = { completion_date: ['Completion date must be today or any date in the past'] };
    expect(errorsOf({ completion_date: '2026-05-15' })).toEqual({});
    expect(errorsOf({ completion_date: '2026-05-14' })).toEqual({});
    // Already the 16th in Tokyo (and anywhere east of the university) while it is the 15th there.
    expect(errorsOf({ completion_date: '2026-05-16' })).toEqual({});
    expect(errorsOf({ completion_date: '2026-05-17' })).toEqual(future);
    expect(errorsOf({ completion_date: '2027-01-01' })).toEqual(future);
    expect(errorsOf({ completion_date: '2026-05-17' }, new Date(2026, 4, 16, 0, 0, 1))).toEqual({});
    expect(errorsOf({ completion_date: '2026-05-16' }, new Date(2026, 4, 14, 23, 59, 59))).toEqual(future);
    // Across the end of a month and of a year.
    expect(errorsOf({ completion_date: '2027-01-01' }, new Date(2026, 11, 31))).toEqual({});
    expect(errorsOf({ completion_date: '2027-01-02' }, new Date(2026, 11, 31))).toEqual(future);
    expect(errorsOf({ completion_date: '2027-03-01' }, new Date(2027, 1, 28))).toEqual({});
    expect(errorsOf({ completion_date: '2027-03-02' }, new Date(2027, 1, 28))).toEqual(future);
    expect(errorsOf({ completion_date: '2026-02-30' })).toEqual({ completion_date: ["Today's Date must be a valid date."] });
    expect(errorsOf({ completion_date: null })).toEqual({ completion_date: ["Today's Date is required."] });
  });
});

describe('Final Steps page definition', () => {
  const modelTypes = new Map(finalStepsFields.map((field) => [field.key, field.type]));

  it('asks for every Final Steps key of the data model, and only those', () => {
    const asked = new Set(questions.flatMap(questionKeys));
    expect([...asked].sort()).toEqual(finalStepsFields.map((field) => field.key).sort());
  });

  it('uses the widget that fits each key’s type', () => {
    for (const question of questions) {
      const expected = question.widget === 'lookup' ? ['text', 'lookup'] : [question.widget];
      expect(expected, question.key).toContain(modelTypes.get(question.key));
    }
  });

  it('gives each select and radio options, and keeps the yes/no codes Y and N', () => {
    for (const question of questions) {
      if (question.widget === 'select' || question.widget === 'radio') expect(question.options?.length, question.key).toBeGreaterThan(0);
    }
    const codes = (key: string) => questions.find((question) => question.key === key)?.options?.map((option) => option.value);
    expect(codes('maryland_financially_ind_dep')).toEqual(['Y', 'N1', 'N']);
    expect(codes('maryland_drivers_license')).toEqual(['Y', 'N', 'NA']);
    expect(codes('instate_tuition')).toEqual(['Y', 'N']);
    expect(codes('counselor_request_waiver')).toEqual(['Y', 'N']);
  });

  it('shows every questionnaire section only to an applicant asking for the in-state rate', () => {
    const shownIds = (answers: Answers) => shownSections(finalStepsPage, answers).map((section) => section.id);
    expect(shownIds({ instate_tuition: 'N' })).toEqual(['instate-tuition', 'conduct', 'recommendation-waiver', 'certification']);
    expect(shownIds(valid)).toEqual([
      'instate-tuition',
      'financial-support',
      'financial-supporter',
      'residency-exceptions',
      'residence',
      'maryland-ties',
      'proof-of-residence-1',
      'conduct',
      'recommendation-waiver',
      'certification',
    ]);
  });

  it('passes the bad-config checks with the other pages', () => {
    expect(checkFormDefinition(formPages, answerModel)).toEqual([]);
  });
});

describe('Your Residence the same as the permanent address (issue 17, item 6)', () => {
  const same: Answers = {
    address_line_1: '4400 University Drive',
    maryland_permanent_same_as_perm_addr: true,
    maryland_permanent_country: null,
    maryland_permanent_address_line_1: null,
    maryland_permanent_city: null,
    maryland_permanent_state: null,
    maryland_permanent_zip: null,
  };

  it('asks no residence address, only how long the applicant has lived there', () => {
    expect(errorsOf(same)).toEqual({});
    expect(errorsOf({ ...same, maryland_permanent_address_years: null })).toEqual({
      maryland_permanent_address_years: ['Years at This Address is required.'],
    });
  });

  it('clears a residence address typed before the box was checked, State/Province with its country', () => {
    expect(cleared({ ...valid, address_line_1: '4400 University Drive', maryland_permanent_same_as_perm_addr: true })).toEqual([
      'maryland_permanent_address_line_1',
      'maryland_permanent_city',
      'maryland_permanent_country',
      'maryland_permanent_state',
      'maryland_permanent_zip',
    ]);
    expect(cleared(valid)).toEqual([]);
  });

  it('is offered only once About You has a permanent address: without one it is forgotten and the residence address asked (issue 33, item 7)', () => {
    expect(cleared({ ...valid, ...same, address_line_1: null })).toEqual(['maryland_permanent_same_as_perm_addr']);
    expect(errorsOf({ ...same, address_line_1: '  ' })).toMatchObject({ maryland_permanent_address_line_1: ['Address is required.'] });
  });

  it('quotes the About You address it offers', () => {
    const offer = permanentResidenceSection.questions.find((question) => question.key === 'maryland_permanent_same_as_perm_addr')!;
    const about = { address_line_1: ' 4400 University Drive ', address_line_2: 'Apt. 2', city: 'Fairfax', state: 'Virginia', zip: '22030', country: 'USA' };
    expect(hintText(offer, about)).toBe('The address you gave on About You: 4400 University Drive, Apt. 2, Fairfax, Virginia 22030, United States.');
    expect(keysHintReads(offer)).toEqual(expect.arrayContaining(['address_line_1', 'city', 'state', 'zip', 'country']));
  });

  it('is forgotten with the questionnaire', () => {
    expect(cleared({ ...closing, instate_tuition: 'N', maryland_permanent_same_as_perm_addr: true })).toEqual([
      'maryland_permanent_same_as_perm_addr',
    ]);
  });
});
