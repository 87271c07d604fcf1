import { describe, expect, it } from 'vitest';
import { validateAnswers } from '../../../../common/form/schema';
import type { FieldRule, PageDef, QuestionDef } from '../../../../common/form/types';

const other: QuestionDef = { key: 't_other', widget: 'text', label: 'Other' };

/** A rule comparing its answer with another question's, declaring that it reads it or not. */
const sameAsOther = (reads?: readonly string[]): FieldRule => ({
  name: 'sameAsOther',
  message: 'Must be the same as Other.',
  ...(reads ? { reads } : {}),
  test: (value, { answers }) => value === answers.t_other,
});

const pageWith = (rule: FieldRule): PageDef => ({
  id: 'about',
  path: '/about',
  title: 'About',
  sections: [{ id: 'things', title: 'Things', questions: [other, { key: 't_mine', widget: 'text', label: 'Mine', rules: [rule] }] }],
});

describe('a rule sees the answers it declares it reads, and no other', () => {
  const answers = { t_other: 'same', t_mine: 'same' };

  it('passes a rule the other answer it names in `reads`', () => {
    expect(validateAnswers(answers, { pages: [pageWith(sameAsOther(['t_other']))] })).not.toHaveProperty('t_mine');
  });

  it('gives a rule that names no answer none, so an undeclared read cannot pass unnoticed', () => {
    expect(validateAnswers(answers, { pages: [pageWith(sameAsOther())] }).t_mine).toEqual(['Must be the same as Other.']);
  });
});
