import { describe, expect, it } from 'vitest';
import { checkFormDefinition } from '../../../../common/form/config-checks';
import { answerModel } from '../../../../common/form/model';
import { collegeBlock } from '../../../../common/form/model/college-block';
import { formPages } from '../../../../common/form/pages';

describe('the whole form definition', () => {
  it('passes every bad-config check: no key on two pages, none outside the model, blocks sound', () => {
    expect(checkFormDefinition(formPages, answerModel, [collegeBlock])).toEqual([]);
  });

  it('gives every question an answer key of its own page', () => {
    for (const page of formPages) {
      for (const question of page.sections.flatMap((section) => section.questions)) {
        const field = answerModel.get(question.widget === 'checkGroup' ? question.members![0]!.key : question.key);
        expect(field?.page, question.key).toBe(page.id);
      }
    }
  });
});
