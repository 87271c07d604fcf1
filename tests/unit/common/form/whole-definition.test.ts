import { describe, expect, it } from 'vitest';
import { checkFormDefinition } from '../../../../common/form/config-checks';
import { answerModel } from '../../../../common/form/model';
import { formPages } from '../../../../common/form/pages';
import { addAnotherButtons, tabGroups } from '../../../../common/form/form-state';
import { ADD_ANOTHER_MAX } from '../../../../common/constants';

describe('the whole form definition', () => {
  it('passes every bad-config check: no key on two pages, none outside the model, blocks sound', () => {
    expect(checkFormDefinition(formPages, answerModel)).toEqual([]);
  });

  it('gives every question an answer key of its own page', () => {
    for (const page of formPages) {
      for (const question of page.sections.flatMap((section) => section.questions)) {
        const field = answerModel.get(question.widget === 'checkGroup' ? question.members![0]!.key : question.key);
        expect(field?.page, question.key).toBe(page.id);
      }
    }
  });

  it('names only model keys in its tab groups, each group with its default tab, and caps add-another at 10', () => {
    for (const group of tabGroups) {
      expect(group.tabs.map((tab) => tab.id)).toContain(group.defaultTab);
      for (const key of group.tabs.flatMap((tab) => tab.keys)) expect(answerModel.has(key), key).toBe(true);
    }
    expect(tabGroups.find((group) => group.id === 'personal_statement')?.tabs[1]?.keys).toEqual(['personal_statement_doc']);
    expect(addAnotherButtons).toEqual([{ id: 'college', max: 8 }]);
    for (const button of addAnotherButtons) expect(button.max).toBeLessThanOrEqual(ADD_ANOTHER_MAX);
  });
});
