import { describe, expect, it } from 'vitest';
import { ADD_ANOTHER_MAX } from '../../../../common/constants';
import { BadConfigError, assertFormDefinition, checkFormDefinition } from '../../../../common/form/config-checks';
import type { RepeatedBlockDef } from '../../../../common/form/model/college-block';
import { fieldsOf } from '../../../../common/form/model/define';
import type { FieldDef, PageDef, PageId, QuestionDef } from '../../../../common/form/types';

const about = fieldsOf('about');
const education = fieldsOf('education');

const modelOf = (fields: FieldDef[]) => new Map(fields.map((field) => [field.key, field]));

const MODEL = modelOf([
  ...about.text('first_name'),
  ...about.radio('gender'),
  ...about.phone('phone_mobile'),
  ...about.checkbox('optin_sms_ind'),
  ...about.checkbox('race_asian'),
  ...about.checkbox('race_white'),
  ...education.lookup('school_name'),
  ...education.select('school_degree'),
  ...education.lookup('school_name_2'),
  ...education.select('school_degree_2'),
]);

const BLOCK: RepeatedBlockDef = {
  id: 'school',
  page: 'education',
  prefix: 'school_',
  max: 2,
  fields: [
    { key: 'school_name', type: 'lookup' },
    { key: 'school_degree', type: 'select' },
  ],
};

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
    expect(checkFormDefinition(GOOD_PAGES, MODEL, [BLOCK])).toEqual([]);
    expect(() => assertFormDefinition(GOOD_PAGES, MODEL, [BLOCK])).not.toThrow();
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
      "Keys of the data model belong to page 'education', which is not in the form: 'school_name', 'school_degree', 'school_degree_desc', 'school_name_2', 'school_degree_2', 'school_degree_2_desc'.",
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

  it('reports a repeated block whose prefix is not part of its keys', () => {
    const block: RepeatedBlockDef = { ...BLOCK, prefix: 'college_' };
    expect(checkFormDefinition(GOOD_PAGES, MODEL, [block])).toContain(
      "Repeated block 'school': keys that do not start with its prefix 'college_': 'school_name', 'school_degree'.",
    );
  });

  it('reports a repeat maximum over 10', () => {
    const block: RepeatedBlockDef = { ...BLOCK, max: ADD_ANOTHER_MAX + 1 };
    expect(checkFormDefinition(GOOD_PAGES, MODEL, [block])).toEqual([
      "Repeated block 'school' repeats up to 11 times; it must repeat between 1 and 10 times.",
    ]);
  });

  it('reports block slots missing from the data model', () => {
    const block: RepeatedBlockDef = { ...BLOCK, max: 3 };
    expect(checkFormDefinition(GOOD_PAGES, MODEL, [block])).toEqual([
      "Repeated block 'school' uses keys that are not in the data model: 'school_name_3', 'school_degree_3'.",
    ]);
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
