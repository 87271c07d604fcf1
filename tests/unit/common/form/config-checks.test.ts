import { describe, expect, it } from 'vitest';
import { required, when } from '../../../../common/form/schema/generic-rules';
import { tabGroupById } from '../../../../common/form/form-state';
import { BadConfigError, assertFormDefinition, checkFormDefinition } from '../../../../common/form/config-checks';
import { fieldLines } from '../../../../common/form/model/define';
import type { FieldDef, PageDef, PageId, QuestionDef, SectionDef } from '../../../../common/form/types';

const modelOf = (fields: FieldDef[]) => new Map(fields.map((field) => [field.key, field]));

/** A data model given apart from the pages, as a test may (the shipped one is read from the pages). */
const MODEL = modelOf([
  ...fieldLines('about', 'text', 'first_name'),
  ...fieldLines('about', 'radio', 'gender'),
  ...fieldLines('about', 'phone', 'phone_mobile'),
  ...fieldLines('about', 'checkbox', 'optin_sms_ind'),
  ...fieldLines('about', 'checkbox', 'race_asian'),
  ...fieldLines('about', 'checkbox', 'race_white'),
  ...fieldLines('education', 'lookup', 'school_name'),
  ...fieldLines('education', 'select', 'school_degree'),
]);

function page(id: PageId, questions: QuestionDef[]): PageDef {
  return { id, path: `/${id}`, title: id, sections: [{ id: `${id}-main`, title: 'Main', questions }] };
}

const ABOUT_QUESTIONS: QuestionDef[] = [
  { key: 'first_name', widget: 'text', label: 'First Name' },
  { key: 'gender', widget: 'radio', label: 'Gender', condition: { valueKey: 'first_name', operator: 'answered' } },
  { key: 'phone_mobile', widget: 'phone', label: 'Cell phone', smsOptInKey: 'optin_sms_ind' },
  {
    key: 'race',
    widget: 'checkGroup',
    label: 'Race',
    members: [
      { key: 'race_asian', label: 'Asian' },
      { key: 'race_white', label: 'White' },
    ],
  },
];

const EDUCATION_QUESTIONS: QuestionDef[] = [
  { key: 'school_name', widget: 'text', label: 'Search For Your School' },
  { key: 'school_degree', widget: 'select', label: 'Degree' },
];

const GOOD_PAGES = [page('about', ABOUT_QUESTIONS), page('education', EDUCATION_QUESTIONS)];

describe('checkFormDefinition', () => {
  it('finds nothing wrong with a sound definition', () => {
    expect(checkFormDefinition(GOOD_PAGES, MODEL)).toEqual([]);
    expect(() => assertFormDefinition(GOOD_PAGES, MODEL)).not.toThrow();
  });

  it('reports a key asked on more than one page', () => {
    const pages = [page('about', ABOUT_QUESTIONS), page('education', [...EDUCATION_QUESTIONS, ABOUT_QUESTIONS[0]!])];
    const problems = checkFormDefinition(pages, MODEL);
    expect(problems.some((problem) => problem.includes("'first_name' appears on more than one page: about, education"))).toBe(true);
  });

  it('lists the keys a page uses that are not in the data model, companions and members included', () => {
    const pages = [
      page('about', [
        ...ABOUT_QUESTIONS,
        { key: 'nickname', widget: 'select', label: 'Nickname' },
        { key: 'phone_home', widget: 'phone', label: 'Home phone', smsOptInKey: 'optin_home' },
        { key: 'ethnicity', widget: 'checkGroup', label: 'Ethnicity', members: [{ key: 'ethnicity_hispanic', label: 'Hispanic' }] },
      ]),
      page('education', EDUCATION_QUESTIONS),
    ];
    expect(checkFormDefinition(pages, MODEL)).toContain(
      "Page 'about' uses keys that are not in the data model: 'nickname', 'nickname_desc', 'phone_home', 'optin_home', 'ethnicity_hispanic'.",
    );
  });

  it('reports a question placed on another page than its FieldDef names', () => {
    const pages = [page('about', [...ABOUT_QUESTIONS, EDUCATION_QUESTIONS[1]!]), page('education', EDUCATION_QUESTIONS.slice(0, 1))];
    const problems = checkFormDefinition(pages, MODEL);
    expect(problems).toContain("Key 'school_degree' is asked on page 'about' but the data model places it on page 'education'.");
  });

  it('reports model keys whose page is not in the form', () => {
    const problems = checkFormDefinition([page('about', ABOUT_QUESTIONS)], MODEL);
    expect(problems).toEqual([
      "Keys of the data model belong to page 'education', which is not in the form: 'school_name', 'school_degree', 'school_degree_desc'.",
    ]);
  });

  it('reports conditions that read keys outside the data model', () => {
    const pages = [
      page('about', [{ key: 'first_name', widget: 'text', label: 'First Name', condition: { valueKey: 'frist_name', operator: 'answered' } }]),
      page('education', [
        { key: 'school_name', widget: 'text', label: 'School' },
        { key: 'school_degree', widget: 'select', label: 'Degree', dependsOn: { controlKey: 'school_kind', category: 'displayOnly' } },
      ]),
    ];
    const problems = checkFormDefinition(pages, MODEL);
    expect(problems.some((problem) => problem.includes("'frist_name'"))).toBe(true);
    expect(problems.some((problem) => problem.includes("'school_kind'"))).toBe(true);
  });

  it('reports a rule, a worked-out hint or an answer given instead that reads a key outside the data model', () => {
    const ruleReads: QuestionDef = { key: 'gender', widget: 'radio', label: 'Gender', rules: [when({ valueKey: 'frist_name', operator: 'answered' }, required())] };
    const slotRule: QuestionDef = { key: 'phone_mobile', widget: 'phone', label: 'Cell', smsOptInKey: 'optin_sms_ind', smsOptInRules: [{ ...required(), reads: ['phone_cell'] }] };
    const hintReads: QuestionDef = { key: 'first_name', widget: 'text', label: 'First Name', hint: { reads: ['nick_name'], text: () => '' } };
    const instead: QuestionDef = { key: 'school_degree', widget: 'select', label: 'Degree', givenInsteadOf: 'school_level' };
    const pages = [page('about', [hintReads, ruleReads, slotRule]), page('education', [EDUCATION_QUESTIONS[0]!, instead])];
    expect(checkFormDefinition(pages, MODEL)).toEqual([
      "The hint of 'first_name' on page 'about' reads 'nick_name', which is not in the data model.",
      "The rule 'required' of 'gender' on page 'about' reads 'frist_name', which is not in the data model.",
      "The rule 'required' of 'optin_sms_ind' on page 'about' reads 'phone_cell', which is not in the data model.",
      "Question 'school_degree' on page 'education' reads 'school_level', which is not in the data model.",
    ]);
  });

  it("checks every slot's own rules of a repeated block", () => {
    const repeated: PageDef = {
      id: 'education',
      path: '/education',
      title: 'education',
      sections: [
        {
          id: 'schools',
          title: 'Schools',
          repeat: { button: { id: 'school', max: 2 }, blockTitle: 'School' },
          questions: [{ key: 'school_name', widget: 'text', label: 'School', rules: (slot) => (slot === 2 ? [{ ...required(), reads: ['school_rank_2'] }] : []) }],
        },
      ],
    };
    expect(checkFormDefinition([repeated]).filter((problem) => problem.includes('reads'))).toEqual([
      "The rule 'required' of 'school_name_2' on page 'education' reads 'school_rank_2', which is not in the data model.",
    ]);
  });

  it('reads the data model from the pages when none is given', () => {
    expect(checkFormDefinition(GOOD_PAGES)).toEqual([]);
    const misspelt: QuestionDef = { key: 'gender', widget: 'radio', label: 'Gender', condition: { valueKey: 'frist_name', operator: 'answered' } };
    expect(checkFormDefinition([page('about', [ABOUT_QUESTIONS[0]!, misspelt])])).toEqual([
      "The condition of question 'gender' on page 'about' reads 'frist_name', which is not in the data model.",
    ]);
  });

  it('reports a key declared twice on one page', () => {
    const twice: PageDef = {
      id: 'about',
      path: '/about',
      title: 'about',
      sections: [
        { id: 'names', title: 'Names', questions: [ABOUT_QUESTIONS[0]!] },
        { id: 'more-names', title: 'More names', questions: [{ key: 'first_name', widget: 'text', label: 'Given Name' }] },
      ],
    };
    expect(checkFormDefinition([twice])).toContain("Page 'about' declares these keys more than once: 'first_name'.");
  });

  it('lets the alternatives of one group ask the same question', () => {
    const alternative = (id: string, valueKey: string): SectionDef => ({
      id,
      title: 'Proof',
      group: 'proof',
      condition: { valueKey, operator: 'answered' },
      questions: [{ key: 'proof_upload', widget: 'upload', label: 'Proof' }],
    });
    const pages: PageDef[] = [
      { id: 'about', path: '/about', title: 'about', sections: [{ id: 'main', title: 'Main', questions: ABOUT_QUESTIONS }, alternative('proof-1', 'first_name'), alternative('proof-2', 'gender')] },
    ];
    expect(checkFormDefinition(pages)).toEqual([]);
  });

  it('reports a tab group whose keys no question declares', () => {
    const essay: PageDef = {
      id: 'education',
      path: '/education',
      title: 'education',
      sections: [{ id: 'resume', title: 'Resume', tabs: tabGroupById('resume')!, questions: [{ key: 'resume', widget: 'textarea', label: 'Resume' }] }],
    };
    expect(checkFormDefinition([essay])).toEqual(["Tab group 'resume' holds keys that no question declares: 'resume_doc'."]);
  });
});

describe('BadConfigError', () => {
  it('carries every problem and names them in its message', () => {
    const pages = [page('about', [...ABOUT_QUESTIONS, { key: 'nickname', widget: 'text', label: 'Nickname' }]), page('education', EDUCATION_QUESTIONS)];
    let thrown: unknown;
    try {
      assertFormDefinition(pages, MODEL);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BadConfigError);
    expect(thrown).toBeInstanceOf(Error);
    const error = thrown as BadConfigError;
    expect(error.name).toBe('BadConfigError');
    expect(error.problems).toHaveLength(1);
    expect(error.message).toContain("'nickname'");
  });
});

describe('answer roles', () => {
  it('reports a role that two questions declare', () => {
    const twoFirstNames = page('about', [
      { key: 'first_name', widget: 'text', label: 'First Name', role: 'firstName' },
      { key: 'given_name', widget: 'text', label: 'Given Name', role: 'firstName' },
    ]);
    expect(checkFormDefinition([twoFirstNames])).toEqual(["Role 'firstName' is declared by more than one question: 'first_name', 'given_name'."]);
  });

  it('finds every role of the shipped form on the question that asks for it', async () => {
    const { roleKeys } = await import('../../../../common/form/answer-roles');
    expect(roleKeys).toEqual({
      firstName: 'first_name',
      middleName: 'middle_name',
      lastName: 'last_name',
      preferredName: 'preferred_name',
      email: 'email_address',
      program: 'applied_major',
      campus: 'campus_preferrence',
      term: 'entry_term',
      citizenship: 'citizenship_type',
      citizenshipCountry: 'citizenship',
      residency: 'instate_tuition',
      collegeName: 'college_name',
      collegeGpa: 'college_gpa',
    });
  });
});
