import { describe, expect, it } from 'vitest';
import type { AnswerValue } from '../../../../common/api';
import { answerFields, fieldDef } from '../../../../common/form/model';
import { formPages, pageOfKey } from '../../../../common/form/pages';
import { formRules, validateAnswers } from '../../../../common/form/schema';
import { messageFor } from '../../../../common/form/schema/rule';
import type { Condition, Option, QuestionDef, SectionDef } from '../../../../common/form/types';
import { allQuestions } from '../../../../common/form/visibility';

/**
 * Tests generated from the whole definition (STYLE.md example 8): whatever a page module adds, it
 * must be asked on its page, reachable by the error summary, and its conditions must read keys
 * and values that exist.
 */

const questions: QuestionDef[] = formPages.flatMap((page) => page.sections.flatMap(allQuestions));
const questionByKey = new Map(questions.map((question) => [question.key, question]));

/** Every value a question can hold: its options, or every controlling value's options. */
function possibleValues(question: QuestionDef): readonly AnswerValue[] | undefined {
  if (question.widget === 'checkbox') return [true, false];
  const options: readonly Option[] | undefined =
    question.options ?? (question.dependsOn?.optionsByValue ? Object.values(question.dependsOn.optionsByValue).flat() : undefined);
  return options?.map((option) => option.value);
}

interface Owned {
  owner: string;
  condition: Condition;
}

function conditionsOf(section: SectionDef): Owned[] {
  return [
    ...(section.condition ? [{ owner: `section ${section.id}`, condition: section.condition }] : []),
    ...allQuestions(section).flatMap((question) => [
      ...(question.condition ? [{ owner: `question ${question.key}`, condition: question.condition }] : []),
      ...(question.dependsOn ? [{ owner: `question ${question.key}`, condition: { valueKey: question.dependsOn.controlKey, operator: 'answered' } as Condition }] : []),
    ]),
  ];
}

const allConditions = formPages.flatMap((page) => page.sections.flatMap(conditionsOf));

describe('the definition, key by key', () => {
  it('asks every key of the answer model on the page the model places it on', () => {
    const unasked = answerFields
      .filter((field) => field.descOf === undefined)
      .filter((field) => pageOfKey(field.key)?.id !== field.page)
      .map((field) => `${field.key} (${field.page})`);
    expect(unasked).toEqual([]);
  });

  it('gives rules only to keys some page asks for', () => {
    expect(Object.keys(formRules).filter((key) => pageOfKey(key) === undefined)).toEqual([]);
  });

  it('gives every rule a message, and every required rule one that names the question or says what to do', () => {
    for (const [key, rules] of Object.entries(formRules)) {
      const label = questionByKey.get(key)?.label ?? key;
      for (const rule of rules) {
        const message = messageFor(rule.message, label);
        expect(message.trim().length, `${key}: ${rule.name}`).toBeGreaterThan(10);
        if (rule.name === 'required' && typeof rule.message === 'function') expect(message, key).toContain(label.replace(/\?$/, ''));
      }
    }
  });

  it("reads in every condition a key of the model, and compares it only with values that key can hold", () => {
    expect(allConditions.length).toBeGreaterThan(20);
    for (const { owner, condition } of allConditions) {
      expect(fieldDef(condition.valueKey), `${owner} reads ${condition.valueKey}`).toBeDefined();
      const control = questionByKey.get(condition.valueKey);
      expect(control, `${owner} reads ${condition.valueKey}, which no question asks`).toBeDefined();
      if (condition.target === undefined || !control) continue;
      const values = possibleValues(control);
      if (!values) continue;
      const targets = Array.isArray(condition.target) ? condition.target : [condition.target];
      for (const target of targets) expect(values, `${owner}: ${condition.valueKey} ${condition.operator} ${String(target)}`).toContain(target);
    }
  });

  it('asks the required questions of form-content section 5 for these pages on an empty application', () => {
    const errors = validateAnswers({});
    const required = [
      'previously_attend',
      'college_name',
      'campus_preferrence',
      'instate_tuition',
      'conviction',
      'suspended',
      'counselor_request_waiver',
      'legal_agree',
      'completion_signature',
      'completion_date',
    ];
    for (const key of required) expect(errors[key], key).toBeDefined();
    expect(errors.college_name).toContain('Search For Your School is required.');
    expect(errors.campus_preferrence).toContain('Please answer: Which campus do you plan to attend?');
  });
});
