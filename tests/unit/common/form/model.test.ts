import { describe, expect, it } from 'vitest';
import { addAnotherById } from '../../../../common/form/form-state';
import { COLLEGES_BUTTON } from '../../../../common/form/pages/education/colleges';
import { essayMailKeyOf } from '../../../../common/form/model/program-document-keys';
import { suffixedKey } from '../../../../common/form/repeat';
import { COLLEGE_BLOCK, collegeSlotKeys, fieldsOfPage } from './model-support';
import { answerFields, fieldDef, maxLengthOf } from '../../../../common/form/model/index';
import { formPages } from '../../../../common/form/pages';
import { allQuestions } from '../../../../common/form/visibility';
import { tenant } from '../../../../common/form/tenant';
import type { FieldDef, FieldType } from '../../../../common/form/types';

type Expected = Record<string, FieldType>;

const byKey = (fields: readonly FieldDef[]) => new Map(fields.map((field) => [field.key, field]));

function expectKeys(fields: readonly FieldDef[], expected: Expected) {
  const model = byKey(fields);
  for (const [key, type] of Object.entries(expected)) {
    expect(model.get(key)?.type, key).toBe(type);
  }
}

const ESSAYS = [
  'essay_compscience',
  'essay_specialed',
  'essay_selfstatement',
  'essay_mentalhealth',
  'essay_school_counseling',
  'statement_orgcommunications',
  'personal_statement',
  'personal_statement_new_programs',
];

/** Form-content section 3, Your Academics: prior attendance, honors, program, essays, test scores. */
const ACADEMICS: Expected = {
  previously_attend: 'radio',
  previously_attend_from_month: 'select',
  previously_attend_from_year: 'select',
  previously_attend_to_month: 'select',
  previously_attend_to_year: 'select',
  honors_name: 'text',
  honors_2_name: 'text',
  honors_3_name: 'text',
  honors_4_name: 'text',
  entry_term: 'select',
  applied_major: 'select',
  campus_preferrence: 'radio',
  teacher_upload: 'upload',
  ...Object.fromEntries(ESSAYS.map((key) => [key, 'textarea'])),
  ...Object.fromEntries(ESSAYS.map((key) => [`${key}_doc`, 'upload'])),
  resume: 'textarea',
  resume_doc: 'upload',
  gmat_taken: 'radio',
  gmat_taken_month: 'select',
  gmat_taken_year: 'select',
  gmat_score_composite: 'text',
  gmat_plan_month: 'select',
  gmat_plan_year: 'select',
};

/** The essay_mail_ flags: the essay key without a leading essay_. */
const MAIL_FLAGS: Expected = {
  essay_mail_compscience: 'checkbox',
  essay_mail_specialed: 'checkbox',
  essay_mail_selfstatement: 'checkbox',
  essay_mail_mentalhealth: 'checkbox',
  essay_mail_school_counseling: 'checkbox',
  essay_mail_statement_orgcommunications: 'checkbox',
  essay_mail_personal_statement: 'checkbox',
  essay_mail_personal_statement_new_programs: 'checkbox',
};

/** Form-content section 3, Final Steps: the keys the spec names outright. */
const FINAL_STEPS: Expected = {
  instate_tuition: 'radio',
  maryland_financially_ind_dep: 'radio',
  doc_upload: 'upload',
  commander_documentation: 'upload',
  active_duty_order: 'upload',
  copy_of_citizenship: 'upload',
  peace_corp_documentation: 'upload',
  american_corp_program_documentation: 'upload',
  ward_doc_upload: 'upload',
  conviction: 'radio',
  conviction_comment: 'textarea',
  suspended: 'radio',
  suspended_comment: 'textarea',
  counselor_request_waiver: 'radio',
  legal_agree: 'checkbox',
  statement_checkbox: 'checkbox',
  completion_signature: 'text',
  completion_date: 'date',
};

/** The residency questionnaire topics of form-content section 3, with the keys we chose for them. */
const MARYLAND_TOPICS: Record<string, Expected> = {
  'provider name, relationship, duration': {
    maryland_provider_name: 'text',
    maryland_provider_relationship: 'text',
    maryland_provider_support_years: 'text',
    maryland_provider_support_months: 'text',
  },
  'provider address': {
    maryland_provider_address_line_1: 'text',
    maryland_provider_city: 'text',
    maryland_provider_state: 'select',
    // The ZIP/Postal Code field is the address search: its value is what is typed or chosen.
    maryland_provider_zip: 'lookup',
  },
  'tax return filed or reason': { maryland_provider_tax_return_filed: 'radio', maryland_provider_tax_return_reason: 'textarea' },
  'signature and signature date': { maryland_provider_signature: 'text', maryland_provider_signature_date: 'date' },
  'employee/guardian dependent': { maryland_employee_dependent: 'radio', maryland_guardian_dependent: 'radio' },
  'armed forces': { maryland_armed_forces: 'radio' },
  'veteran documents': { maryland_veteran: 'radio', maryland_veteran_documents: 'radio' },
  'spouse or child eligibility': { maryland_spouse_child_eligibility: 'radio' },
  'guard exemption': { maryland_guard_exemption: 'radio' },
  'federated-state citizen': { maryland_federated_state_citizen: 'radio' },
  'foreign service': { maryland_foreign_service: 'radio' },
  'peace corps': { maryland_peace_corps: 'radio' },
  'service corps': { maryland_service_corps: 'radio' },
  'permanent address with years and months': {
    maryland_permanent_address_line_1: 'text',
    maryland_permanent_city: 'text',
    maryland_permanent_state: 'select',
    maryland_permanent_zip: 'lookup',
    maryland_permanent_country: 'select',
    maryland_permanent_address_years: 'text',
    maryland_permanent_address_months: 'text',
    maryland_resided_12_months: 'radio',
  },
  'previous address with years and months': {
    maryland_previous_address_line_1: 'text',
    maryland_previous_city: 'text',
    maryland_previous_state: 'select',
    maryland_previous_zip: 'lookup',
    maryland_previous_country: 'select',
    maryland_previous_address_years: 'text',
    maryland_previous_address_months: 'text',
  },
  'move to education': { maryland_moved_for_education: 'radio' },
  possessions: { maryland_possessions: 'radio' },
  'driving licence': { maryland_drivers_license: 'radio', maryland_drivers_license_state: 'select' },
  vehicle: { maryland_vehicle_registration: 'radio', maryland_vehicle_registration_state: 'select' },
  'voter registration': { maryland_voter_registration: 'radio', maryland_voter_registration_state: 'select' },
  'state tax return and withholding': {
    maryland_state_tax_return: 'radio',
    maryland_state_tax_return_state: 'select',
    maryland_state_tax_withholding: 'radio',
    maryland_state_tax_withholding_state: 'select',
  },
  'public assistance': { maryland_public_assistance: 'radio', maryland_public_assistance_state: 'select' },
};

const educationFields = fieldsOfPage('education');
const finalStepsFields = fieldsOfPage('final_steps');
const collegeFields = answerFields.filter((field) => field.key.startsWith('college_'));

describe('Your Academics model', () => {
  it('has every key of form-content section 3 with its type', () => {
    expectKeys(educationFields, ACADEMICS);
    expectKeys(educationFields, MAIL_FLAGS);
  });

  it('places every key on the education page', () => {
    for (const field of educationFields) expect(field.page, field.key).toBe('education');
  });

  it('names mail flags by one rule', () => {
    expect(essayMailKeyOf('essay_compscience')).toBe('essay_mail_compscience');
    expect(essayMailKeyOf('personal_statement')).toBe('essay_mail_personal_statement');
  });

  it('limits essays to the tenant character limit and the GMAT score to 3 characters', () => {
    const model = byKey(educationFields);
    for (const key of [...ESSAYS, 'resume']) expect(model.get(key)?.maxLength, key).toBe(tenant.character_limit);
    expect(model.get('gmat_score_composite')?.maxLength).toBe(3);
  });
});

describe('colleges', () => {
  it('defines one block of 17 keys, all starting with college_', () => {
    const slotOne = collegeFields.filter((field) => !field.descOf && !/_[2-8]$/.test(field.key));
    expect(Object.fromEntries(slotOne.map((field) => [field.key, field.type]))).toEqual(COLLEGE_BLOCK);
    expect(addAnotherById(COLLEGES_BUTTON.id)).toBe(COLLEGES_BUTTON);
    expect(COLLEGES_BUTTON.max).toBe(8);
  });

  it('suffixes every slot but the first at the end of the key', () => {
    expect(suffixedKey('college_name', 1)).toBe('college_name');
    expect(suffixedKey('college_name', 2)).toBe('college_name_2');
    expect(suffixedKey('college_degree_month', 8)).toBe('college_degree_month_8');
    expect(collegeSlotKeys(3)).toContain('college_attend_to_year_3');
  });

  it('expands to 8 slots of 17 keys with their types, plus _desc for selects', () => {
    const answers = collegeFields.filter((field) => field.descOf === undefined);
    expect(answers).toHaveLength(8 * 17);
    for (let slot = 1; slot <= 8; slot += 1) {
      const slotModel = Object.fromEntries(
        Object.entries(COLLEGE_BLOCK).map(([key, type]) => [suffixedKey(key, slot), type]),
      );
      expectKeys(collegeFields, slotModel);
    }
    expect(collegeFields.some((field) => field.key === 'college_name_1')).toBe(false);
    expect(collegeFields.some((field) => field.key === 'college_name_9')).toBe(false);
    expect(byKey(collegeFields).get('college_degree_2_desc')?.descOf).toBe('college_degree_2');
  });

  it('belongs to the education page model', () => {
    const education = new Set(educationFields.map((field) => field.key));
    for (const field of collegeFields) expect(education.has(field.key), field.key).toBe(true);
  });
});

describe('Final Steps model', () => {
  it('has every key of form-content section 3 with its type', () => {
    expectKeys(finalStepsFields, FINAL_STEPS);
  });

  it.each(Object.entries(MARYLAND_TOPICS))('covers the residency topic: %s', (_topic, expected) => {
    expectKeys(finalStepsFields, expected);
  });

  it('prefixes the questionnaire keys with maryland_ and places every key on final_steps', () => {
    for (const field of finalStepsFields) expect(field.page, field.key).toBe('final_steps');
    const questionnaire = finalStepsFields.filter((field) => field.key.startsWith('maryland_') && !field.descOf);
    expect(questionnaire.length).toBeGreaterThanOrEqual(50);
  });

  it('gives the signatures room for a full name', () => {
    expect(byKey(finalStepsFields).get('completion_signature')?.maxLength).toBe(100);
  });
});

describe('the whole answer model', () => {
  it('has unique keys', () => {
    const keys = answerFields.map((field) => field.key);
    const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(duplicates).toEqual([]);
  });

  it('has a _desc companion for every select and radio, and for nothing else', () => {
    const model = byKey(answerFields);
    for (const field of answerFields) {
      const desc = model.get(`${field.key}_desc`);
      if (field.type === 'select' || field.type === 'radio') {
        expect(field.descKey, field.key).toBe(`${field.key}_desc`);
        expect(desc?.type, field.key).toBe('hidden');
        expect(desc?.descOf, field.key).toBe(field.key);
      } else {
        expect(desc, field.key).toBeUndefined();
        expect(field.descKey, field.key).toBeUndefined();
      }
    }
  });

  it('points every _desc companion at a select or radio', () => {
    const model = byKey(answerFields);
    for (const field of answerFields.filter((candidate) => candidate.descOf !== undefined)) {
      expect(['select', 'radio'], field.key).toContain(model.get(field.descOf ?? '')?.type);
    }
  });
});

describe('the limit of a typed answer (issue 17, item 6)', () => {
  const typed = formPages.flatMap((page) => page.sections.flatMap(allQuestions)).filter((question) =>
    ['text', 'textarea', 'lookup'].includes(question.widget),
  );

  it("is the model's, which the server checks, for every text, search and text-area question", () => {
    expect(typed.length).toBeGreaterThan(100);
    for (const question of typed) expect(maxLengthOf(question), question.key).toBe(fieldDef(question.key)?.maxLength);
  });

  it("is the tenant's character limit for every text area, the conduct and tax-return explanations among them", () => {
    const areas = typed.filter((question) => question.widget === 'textarea');
    expect(areas.map((question) => question.key)).toEqual(
      expect.arrayContaining(['conviction_comment', 'suspended_comment', 'maryland_provider_tax_return_reason', 'resume']),
    );
    for (const question of areas) expect(maxLengthOf(question), question.key).toBe(tenant.character_limit);
  });
});
