import { describe, expect, it } from 'vitest';
import { ADD_ANOTHER_MAX } from '../../../../common/constants';
import { checkFormDefinition } from '../../../../common/form/config-checks';
import { answerModel } from '../../../../common/form/model';
import { collegeSlotKeys } from './model-support';
import { educationPage } from '../../../../common/form/pages';
import { collegesSection } from '../../../../common/form/pages/education/colleges';
import { expandRepeatedSection, slotCount, slotQuestion, slotSection } from '../../../../common/form/repeat';
import { validateAnswers, visibleAnswers } from '../../../../common/form/schema';
import type { PageDef, QuestionDef, SectionDef } from '../../../../common/form/types';
import { keysToClear, questionKeys, sectionKeys } from '../../../../common/form/visibility';

const block: SectionDef = {
  id: 'things',
  title: 'Things',
  repeat: { button: { id: 'college', max: 8 }, blockTitle: 'Thing' },
  questions: [
    {
      key: 'college_name',
      widget: 'lookup',
      label: 'Name',
      lookup: { category: 'college_ceeb', fills: { name: 'college_name', city: 'college_city' } },
    },
    { key: 'college_city', widget: 'text', label: 'City' },
    { key: 'college_major', widget: 'text', label: 'Major', condition: { valueKey: 'college_name', operator: 'answered' } },
    { key: 'college_gpa', widget: 'text', label: 'GPA', condition: { valueKey: 'previously_attend', operator: 'equals', target: 'Y' } },
  ],
};

describe('slot expansion of a repeated section', () => {
  it('keeps slot 1 as written', () => {
    const question = block.questions[0] as QuestionDef;
    expect(slotQuestion(question, 1)).toBe(question);
    expect(slotSection(block, 1).questions).toBe(block.questions);
    expect(slotSection(block, 1).repeat).toBeUndefined();
  });

  it('suffixes keys, lookup fills and conditions on block keys, and leaves outside keys alone', () => {
    const slot = slotSection(block, 3);
    expect(slot.id).toBe('things-3');
    expect(slot.questions.map((question) => question.key)).toEqual(['college_name_3', 'college_city_3', 'college_major_3', 'college_gpa_3']);
    expect(slot.questions[0]?.lookup?.fills).toEqual({ name: 'college_name_3', city: 'college_city_3' });
    expect(slot.questions[2]?.condition).toEqual({ valueKey: 'college_name_3', operator: 'answered' });
    expect(slot.questions[3]?.condition).toEqual({ valueKey: 'previously_attend', operator: 'equals', target: 'Y' });
    expect(slot.questions[1]?.label).toBe('City');
  });

  it('expands to as many slots as the Add Another button allows, or the count asked', () => {
    expect(slotCount(block)).toBe(8);
    expect(expandRepeatedSection(block).map((slot) => slot.id)).toEqual(['things', ...[2, 3, 4, 5, 6, 7, 8].map((n) => `things-${n}`)]);
    expect(expandRepeatedSection(block, 2)).toHaveLength(2);
    const plain: SectionDef = { id: 'plain', title: 'Plain', questions: [] };
    expect(expandRepeatedSection(plain)).toEqual([plain]);
  });

  it('gives the colleges section every slot of the data model block, and nothing else', () => {
    // The answer keys each slot's questions write, the school search's hidden code included.
    const keys = expandRepeatedSection(collegesSection).map((slot) => slot.questions.flatMap(questionKeys).filter((key) => !key.endsWith('_desc')));
    for (const [index, slot] of keys.entries()) expect([...slot].sort()).toEqual(collegeSlotKeys(index + 1).sort());
    expect(expandRepeatedSection(collegesSection)[4]?.questions[0]?.lookup?.fills.code).toBe('college_ceeb_5');
  });

  it('counts every slot as the section keys, so a slot-8 answer is no stray key and is kept', () => {
    expect(sectionKeys(collegesSection)).toContain('college_gpa_8');
    expect(sectionKeys(collegesSection)).toContain('college_state_8_desc');
    expect(keysToClear([educationPage], { college_name_8: 'Towson University', college_gpa_8: '3.5' })).toEqual([]);
  });

  it('hides a later slot question whose condition on its own slot fails', () => {
    const page: PageDef = { id: 'education', path: '/education', title: 'Test', sections: [block] };
    expect(keysToClear([page], { college_major_2: 'History' })).toEqual(['college_major_2']);
    expect(keysToClear([page], { college_name_2: 'Towson University', college_major_2: 'History' })).toEqual([]);
  });

  it('validates every slot with the defaults of its keys', () => {
    const errors = validateAnswers({ college_degree_3: 'XX' }, { pages: [educationPage] });
    expect(Object.keys(errors).filter((key) => key.endsWith('_3'))).toEqual(['college_degree_3']);
    expect(errors.college_degree_3).toEqual(['Degree Earned or Expected must be one of the listed choices.']);
  });
});

describe('the essays as tab groups', () => {
  it('asks the text, the document and the mail flag of every essay, each key of the model', () => {
    const essay = educationPage.sections.find((section) => section.tabs?.id === 'personal_statement');
    expect(essay?.questions.flatMap(questionKeys)).toEqual(['personal_statement', 'personal_statement_doc', 'essay_mail_personal_statement']);
    expect(checkFormDefinition([educationPage], new Map([...answerModel].filter(([, field]) => field.page === 'education')))).toEqual([]);
  });

  it('keeps both tabs optional: a typed essay and a document together are no error', () => {
    // The MBA reads the personal statement.
    const answers = { campus_preferrence: 'M', applied_major: 'MBA', personal_statement: 'Why I apply.', personal_statement_doc: 'ANSWERED' };
    const errors = validateAnswers(answers, { pages: [educationPage] });
    expect(errors).not.toHaveProperty('personal_statement');
    expect(errors).not.toHaveProperty('personal_statement_doc');
    expect(visibleAnswers([educationPage], answers)).toEqual(answers);
  });

  it('reports a tab group or button id two sections declare, and a repeat limit over ADD_ANOTHER_MAX', () => {
    const tabs = () => ({ id: 'nope', defaultTab: 'text', tabs: [{ id: 'text', label: 'Text', keys: [] }] });
    const page: PageDef = {
      id: 'education',
      path: '/education',
      title: 'Test',
      sections: [
        { id: 'a', title: 'A', questions: [], tabs: tabs() },
        { id: 'b', title: 'B', questions: [], tabs: tabs() },
        { id: 'c', title: 'C', questions: [], repeat: { button: { id: 'nope', max: 2 }, blockTitle: 'C' } },
        { id: 'd', title: 'D', questions: [], repeat: { button: { id: 'nope', max: ADD_ANOTHER_MAX + 1 }, blockTitle: 'D' } },
      ],
    };
    expect(checkFormDefinition([page], answerModel).filter((problem) => problem.includes("'nope'"))).toEqual([
      "Tab group 'nope' is declared by more than one section.",
      "Add Another button 'nope' is declared by more than one section.",
      `Add Another button 'nope' allows ${ADD_ANOTHER_MAX + 1} blocks; it may allow 1 to ${ADD_ANOTHER_MAX}.`,
    ]);
  });
});
