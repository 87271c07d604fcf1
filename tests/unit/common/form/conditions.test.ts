import { describe, expect, it } from 'vitest';
import type { Answers } from '../../../../common/api';
import { evaluate, isAnswered } from '../../../../common/form/conditions';
import { aboutPage } from '../../../../common/form/pages/about';
import type { Condition, Operator, PageDef, QuestionDef, SectionDef } from '../../../../common/form/types';
import {
  dependentKeys,
  isQuestionShown,
  isSectionOpen,
  keysToClear,
  shownKeys,
  questionKeys,
  shownSections,
} from '../../../../common/form/visibility';

const when = (valueKey: string, operator: Operator, target?: Condition['target']): Condition => ({ valueKey, operator, target });
const holds = (condition: Condition, answers: Answers) => evaluate(condition, answers);

describe('evaluate: the ten operators', () => {
  it('equals: the same value and type', () => {
    expect(holds(when('a', 'equals', 'Y'), { a: 'Y' })).toBe(true);
    expect(holds(when('a', 'equals', 'Y'), { a: 'N' })).toBe(false);
    expect(holds(when('a', 'equals', 'Y'), {})).toBe(false);
    expect(holds(when('a', 'equals', true), { a: true })).toBe(true);
    expect(holds(when('a', 'equals', true), { a: 'true' })).toBe(false);
    expect(holds(when('a', 'equals', '1'), { a: '01' })).toBe(false);
  });

  it('notEquals: anything else, a missing answer included', () => {
    expect(holds(when('a', 'notEquals', 'Y'), { a: 'N' })).toBe(true);
    expect(holds(when('a', 'notEquals', 'Y'), {})).toBe(true);
    expect(holds(when('a', 'notEquals', 'Y'), { a: null })).toBe(true);
    expect(holds(when('a', 'notEquals', 'Y'), { a: 'Y' })).toBe(false);
    expect(holds(when('a', 'notEquals', true), { a: false })).toBe(true);
  });

  it('lt, lte, gt, gte compare string answers as numbers', () => {
    // As strings '9' > '10'; as numbers it is less.
    expect(holds(when('n', 'lt', '10'), { n: '9' })).toBe(true);
    expect(holds(when('n', 'lt', '10'), { n: '10' })).toBe(false);
    expect(holds(when('n', 'lte', '10'), { n: '10' })).toBe(true);
    expect(holds(when('n', 'lte', '10'), { n: '10.5' })).toBe(false);
    expect(holds(when('n', 'gt', '2.5'), { n: '3' })).toBe(true);
    expect(holds(when('n', 'gt', '3'), { n: '3' })).toBe(false);
    expect(holds(when('n', 'gte', '3'), { n: '3' })).toBe(true);
    expect(holds(when('n', 'gte', '3'), { n: '-4' })).toBe(false);
  });

  it('numeric comparisons never pass on a missing, empty or non-numeric value or target', () => {
    for (const operator of ['lt', 'lte', 'gt', 'gte'] as const) {
      for (const answers of [{}, { n: null }, { n: '' }, { n: '  ' }, { n: 'abc' }, { n: true }] as Answers[]) {
        expect(holds(when('n', operator, '5'), answers), `${operator} ${JSON.stringify(answers)}`).toBe(false);
      }
      expect(holds(when('n', operator, 'abc'), { n: '5' })).toBe(false);
      expect(holds(when('n', operator, ['5']), { n: '5' })).toBe(false);
    }
  });

  it('answered and notAnswered: empty, blank, null, false and missing are not answers', () => {
    for (const value of [undefined, null, '', '   ', false]) {
      const answers: Answers = value === undefined ? {} : { a: value };
      expect(holds(when('a', 'answered'), answers)).toBe(false);
      expect(holds(when('a', 'notAnswered'), answers)).toBe(true);
      expect(isAnswered(value)).toBe(false);
    }
    for (const value of ['x', '0', 'N', true]) {
      expect(holds(when('a', 'answered'), { a: value })).toBe(true);
      expect(holds(when('a', 'notAnswered'), { a: value })).toBe(false);
    }
  });

  it('in and notIn: membership of a list, or of a single target', () => {
    expect(holds(when('t', 'in', ['2', '3']), { t: '2' })).toBe(true);
    expect(holds(when('t', 'in', ['2', '3']), { t: '1' })).toBe(false);
    expect(holds(when('t', 'in', ['2', '3']), {})).toBe(false);
    expect(holds(when('t', 'in', '2'), { t: '2' })).toBe(true);
    expect(holds(when('t', 'notIn', ['2', '3']), { t: '1' })).toBe(true);
    expect(holds(when('t', 'notIn', ['2', '3']), { t: '3' })).toBe(false);
    expect(holds(when('t', 'notIn', ['2', '3']), {})).toBe(true);
    expect(holds(when('t', 'notIn', '2'), { t: '2' })).toBe(false);
  });
});

const select = (key: string, extra: Partial<QuestionDef> = {}): QuestionDef => ({
  key,
  widget: 'select',
  label: key,
  options: [{ value: 'x', label: 'X' }],
  ...extra,
});
const text = (key: string, extra: Partial<QuestionDef> = {}): QuestionDef => ({ key, widget: 'text', label: key, ...extra });
const page = (...sections: SectionDef[]): PageDef => ({ id: 'about', path: '/about', title: 'Test', sections });
const cleared = (pages: readonly PageDef[], answers: Answers) => keysToClear(pages, answers).sort();

describe('visibility: which answers are cleared', () => {
  it('a hidden section clears its keys and their _desc', () => {
    const form = page(
      { id: 'ask', title: 'Ask', questions: [select('kind')] },
      { id: 'more', title: 'More', condition: when('kind', 'equals', 'x'), questions: [select('pick'), text('note')] },
    );
    const answers = { kind: 'y', kind_desc: 'Y', pick: 'x', pick_desc: 'X', note: 'hello' };
    expect(shownSections(form, answers).map((s) => s.id)).toEqual(['ask']);
    expect(cleared([form], answers)).toEqual(['note', 'pick', 'pick_desc']);
    expect(cleared([form], { ...answers, kind: 'x' })).toEqual([]);
  });

  it('an unchecked checkbox trigger clears the content but not the checkbox', () => {
    const form = page({
      id: 'other',
      title: 'Other',
      trigger: { kind: 'checkbox', key: 'has_other', label: 'I have another' },
      questions: [text('other_name'), select('other_kind')],
    });
    const section = form.sections[0] as SectionDef;
    const answers = { has_other: false, other_name: 'n', other_kind: 'x', other_kind_desc: 'X' };
    expect(isSectionOpen(section, answers)).toBe(false);
    expect(cleared([form], answers)).toEqual(['other_kind', 'other_kind_desc', 'other_name']);
    expect(cleared([form], { ...answers, has_other: true })).toEqual([]);
  });

  it('a hidden section with a checkbox trigger clears the checkbox too', () => {
    const form = page(
      { id: 'ask', title: 'Ask', questions: [text('show')] },
      {
        id: 'other',
        title: 'Other',
        condition: when('show', 'answered'),
        trigger: { kind: 'checkbox', key: 'has_other', label: 'I have another' },
        questions: [text('other_name')],
      },
    );
    expect(cleared([form], { has_other: true, other_name: 'n' })).toEqual(['has_other', 'other_name']);
  });

  it('of several alternatives of one group only the first that holds keeps its keys', () => {
    const form = page(
      { id: 'a', title: 'A', group: 'g', condition: when('n', 'gte', '10'), questions: [text('a_key')] },
      { id: 'b', title: 'B', group: 'g', condition: when('n', 'gte', '5'), questions: [text('b_key')] },
      { id: 'c', title: 'C', group: 'g', questions: [text('c_key')] },
    );
    const answers = { a_key: 'a', b_key: 'b', c_key: 'c' };
    expect(shownSections(form, { ...answers, n: '12' }).map((s) => s.id)).toEqual(['a']);
    expect(cleared([form], { ...answers, n: '12' })).toEqual(['b_key', 'c_key']);
    expect(cleared([form], { ...answers, n: '7' })).toEqual(['a_key', 'c_key']);
    expect(cleared([form], { ...answers, n: '1' })).toEqual(['a_key', 'b_key']);
  });

  it('alternatives that share a key keep it while one of them shows it', () => {
    const form = page(
      { id: 'a', title: 'A', group: 'g', condition: when('mode', 'equals', 'typed'), questions: [text('essay'), text('typed_note')] },
      { id: 'b', title: 'B', group: 'g', questions: [text('essay'), text('mailed_note')] },
    );
    const answers = { mode: 'typed', essay: 'text', typed_note: 't', mailed_note: 'm' };
    expect(cleared([form], answers)).toEqual(['mailed_note']);
  });

  it('names the keys on show: shown sections and questions, the alternative taken, no key of a hidden one', () => {
    const form = page(
      { id: 'ask', title: 'Ask', questions: [text('mode'), text('note', { condition: when('mode', 'equals', 'typed') })] },
      { id: 'a', title: 'A', group: 'g', condition: when('mode', 'equals', 'typed'), questions: [text('essay'), text('typed_note')] },
      { id: 'b', title: 'B', group: 'g', condition: when('mode', 'answered'), questions: [text('essay'), text('mailed_note')] },
    );
    expect([...shownKeys([form], { mode: 'typed' })].sort()).toEqual(['essay', 'mode', 'note', 'typed_note']);
    expect([...shownKeys([form], { mode: 'mailed' })].sort()).toEqual(['essay', 'mailed_note', 'mode']);
    expect([...shownKeys([form], {})]).toEqual(['mode']);
  });

  it('runs to a fixed point: clearing one answer hides a nested section', () => {
    const form = page(
      { id: 'top', title: 'Top', questions: [text('level1')] },
      { id: 'mid', title: 'Mid', condition: when('level1', 'equals', 'open'), questions: [text('level2')] },
      { id: 'deep', title: 'Deep', condition: when('level2', 'equals', 'open'), questions: [text('level3')] },
    );
    expect(cleared([form], { level1: 'open', level2: 'open', level3: 'x' })).toEqual([]);
    expect(cleared([form], { level1: 'shut', level2: 'open', level3: 'x' })).toEqual(['level2', 'level3']);
  });

  it('a hidden question clears its keys, a check group its members', () => {
    const group: QuestionDef = {
      key: 'langs',
      widget: 'checkGroup',
      label: 'Languages',
      members: [
        { key: 'lang_fr', label: 'French' },
        { key: 'lang_de', label: 'German' },
      ],
      condition: when('speaks', 'equals', 'Y'),
    };
    expect(questionKeys(group)).toEqual(['lang_fr', 'lang_de']);
    const form = page({ id: 's', title: 'S', questions: [text('speaks'), group] });
    expect(isQuestionShown(group, { speaks: 'N' })).toBe(false);
    expect(cleared([form], { speaks: 'N', lang_fr: true, lang_de: false })).toEqual(['lang_fr']);
  });

  it('a phone question owns its SMS opt-in', () => {
    const phone: QuestionDef = { key: 'cell', widget: 'phone', label: 'Cell', smsOptInKey: 'sms', condition: when('has', 'equals', 'Y') };
    expect(questionKeys(phone)).toEqual(['cell', 'sms']);
    expect(cleared([page({ id: 's', title: 'S', questions: [phone] })], { cell: '(410) 555-0142', sms: true })).toEqual(['cell', 'sms']);
  });
});

describe('visibility: dependent selects', () => {
  const options = { a: [{ value: 'a1', label: 'A1' }], b: [] };
  const form = page({
    id: 's',
    title: 'S',
    questions: [
      select('category'),
      select('subject', { dependsOn: { controlKey: 'category', category: 'displayAndOptions', optionsByValue: options } }),
      select('topic', { dependsOn: { controlKey: 'subject', category: 'displayOnly' } }),
      text('unrelated'),
    ],
  });
  const [, subject] = (form.sections[0] as SectionDef).questions as QuestionDef[];

  it('a change clears the dependent select, its _desc, and the selects depending on it', () => {
    expect(dependentKeys([form], 'category')).toEqual(['subject', 'subject_desc', 'topic', 'topic_desc']);
    expect(dependentKeys([form], 'subject')).toEqual(['topic', 'topic_desc']);
    expect(dependentKeys([form], 'unrelated')).toEqual([]);
  });

  it('a displayAndOptions select shows only when the controlling value has options', () => {
    expect(isQuestionShown(subject as QuestionDef, { category: 'a' })).toBe(true);
    expect(isQuestionShown(subject as QuestionDef, { category: 'b' })).toBe(false);
    expect(isQuestionShown(subject as QuestionDef, {})).toBe(false);
    expect(cleared([form], { category: 'b', subject: 'a1', subject_desc: 'A1' })).toEqual(['subject', 'subject_desc']);
  });
});

describe('visibility on the About page', () => {
  const nonCitizen: Answers = {
    citizenship_type: '2',
    citizenship_type_desc: 'U.S. permanent resident (green card holder)',
    citizenship: 'IND',
    citizenship_desc: 'India',
    citizenship_visa_status: 'OT',
    citizenship_visa_status_desc: 'Other',
    citizenship_visa_status_other_explain: 'E-3',
    alien_registration_number: 'A123456789',
  };

  it('keeps the citizenship details of a permanent resident', () => {
    expect(cleared([aboutPage], nonCitizen)).toEqual([]);
  });

  it('clears country, visa and A-Number when the applicant becomes a U.S. citizen', () => {
    expect(cleared([aboutPage], { ...nonCitizen, citizenship_type: '1' })).toEqual([
      'alien_registration_number',
      'citizenship',
      'citizenship_desc',
      'citizenship_visa_status',
      'citizenship_visa_status_desc',
      'citizenship_visa_status_other_explain',
    ]);
  });

  it('clears only the A-Number for a citizen of another country, and the explanation once the visa is not Other', () => {
    expect(cleared([aboutPage], { ...nonCitizen, citizenship_type: '3' })).toEqual(['alien_registration_number']);
    expect(cleared([aboutPage], { ...nonCitizen, citizenship_visa_status: 'F1' })).toEqual(['citizenship_visa_status_other_explain']);
  });

  it('clears the mailing address once it is the same as the permanent one', () => {
    const mailing = { mailing_city: 'Towson', mailing_state: 'Maryland', mailing_country: 'USA', mailing_county: 'Baltimore County' };
    expect(cleared([aboutPage], { ...mailing, mailing_addr_same_as_perm_addr: false })).toEqual([]);
    expect(cleared([aboutPage], { ...mailing, mailing_addr_same_as_perm_addr: true })).toEqual([
      'mailing_city',
      'mailing_country',
      'mailing_county',
      'mailing_state',
    ]);
  });

  it('clears state and then county when the country leaves North America', () => {
    const address = { country: 'USA', state: 'Maryland', state_desc: 'Maryland', county: 'Howard', county_desc: 'Howard', zip: '21044' };
    expect(cleared([aboutPage], address)).toEqual([]);
    expect(cleared([aboutPage], { ...address, state: 'Virginia' })).toEqual(['county', 'county_desc']);
    expect(cleared([aboutPage], { ...address, country: 'FRA' })).toEqual(['county', 'county_desc', 'state', 'state_desc']);
  });

  it('clears the service details and separation date with the answers that asked for them', () => {
    const veteran = {
      military_status: 'Y',
      military_status_specified: 'VE',
      military_separation_month: '6',
      military_separation_year: '2015',
    };
    expect(cleared([aboutPage], veteran)).toEqual([]);
    expect(cleared([aboutPage], { ...veteran, military_status_specified: 'AD' })).toEqual([
      'military_separation_month',
      'military_separation_year',
    ]);
    expect(cleared([aboutPage], { ...veteran, military_status: 'N' })).toEqual([
      'military_separation_month',
      'military_separation_year',
      'military_status_specified',
    ]);
  });

  it('clears the write-in answers once Other is no longer chosen', () => {
    expect(
      cleared([aboutPage], {
        emergency_contact_relation: 'PA',
        emergency_contact_relation_other: 'Neighbor',
        religious_affiliation: 'NONE',
        religious_affilation_other: 'Pastafarian',
        veterans_affairs_benefit_toggle: 'N',
        veterans_affairs_edu_benefit: 'CH33',
      }),
    ).toEqual(['emergency_contact_relation_other', 'religious_affilation_other', 'veterans_affairs_edu_benefit']);
  });
});
