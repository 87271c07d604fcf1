import { mixed, object, type AnyObjectSchema } from 'yup';
import { fieldDef } from '../model';
import { SMS_OPT_IN_LABEL } from '../pages/question-factories';
import type { Answers, PageDef, QuestionDef } from '../types';
import { allQuestions, isQuestionShown, isSectionOpen, shownSections } from '../visibility';
import { followCalendar } from '../options';
import { optionsOf } from '../print';
import { maxLength, oneOf, usPhone, validDate } from './generic-rules';
import { messageFor, type FieldRule, type RuleTable } from './rule';

/** One key to validate: an answer key or a check group's id, with the label its messages show. */
export interface ValidationTarget {
  key: string;
  label: string;
  question?: QuestionDef;
}

/**
 * The keys whose questions are on screen for these answers: shown sections, open checkbox
 * sections, shown questions. Hidden ones are not validated (their answers are cleared anyway).
 */
export function shownTargets(pages: readonly PageDef[], answers: Answers): ValidationTarget[] {
  const targets: ValidationTarget[] = [];
  for (const page of pages) {
    for (const section of shownSections(page, answers)) {
      if (section.trigger?.kind === 'checkbox') targets.push({ key: section.trigger.key, label: section.trigger.label });
      if (!isSectionOpen(section, answers)) continue;
      for (const question of allQuestions(section)) {
        if (!isQuestionShown(question, answers)) continue;
        targets.push({ key: question.key, label: question.label, question });
        for (const member of question.members ?? []) targets.push({ key: member.key, label: member.label });
        if (question.smsOptInKey) targets.push({ key: question.smsOptInKey, label: SMS_OPT_IN_LABEL });
      }
    }
  }
  return targets;
}

/** What every key gets from its type (spec platform section 5): length, listed values, format. */
function defaultRules({ key, question }: ValidationTarget, answers: Answers): FieldRule[] {
  const rules: FieldRule[] = [];
  const field = fieldDef(key);
  if (field && field.type !== 'checkbox') rules.push(maxLength(Math.min(field.maxLength, question?.maxLength ?? Infinity)));
  if (field?.type === 'date') rules.push(validDate());
  if (field?.type === 'phone') rules.push(usPhone());
  // A dependent select with no options yet (no controlling answer) has nothing to check against.
  const options = question && (question.widget === 'select' || question.widget === 'radio') ? optionsOf(question, answers) : [];
  if (options.length > 0) rules.push(oneOf(options.map((option) => option.value)));
  return rules;
}

/** A key's own rules first, then each default that no own rule of the same name replaces. */
export function rulesFor(target: ValidationTarget, table: RuleTable, answers: Answers): FieldRule[] {
  const own = table[target.key] ?? [];
  const names = new Set(own.map((rule) => rule.name));
  return [...own, ...defaultRules(target, answers).filter((rule) => !names.has(rule.name))];
}

/**
 * What the rules read besides the value, passed as yup's context when the schema runs, so one
 * built schema serves every validation with the same keys on show (`cachedAnswersSchema`).
 */
export interface RunContext {
  answers: Answers;
  today: Date;
}

/**
 * The yup object schema for these answers: one field per shown key (`shownTargets`), each rule a
 * yup test. What is shown, and so what is validated, depends on the answers. The rules see the
 * answers and day of yup's context when one is given (`RunContext`), else those given here.
 */
export function answersSchema(
  targets: readonly ValidationTarget[],
  answers: Answers,
  options: { today: Date; rules: RuleTable },
): AnyObjectSchema {
  const built: RunContext = { answers, today: options.today };
  const shape = Object.fromEntries(
    targets.map((target) => {
      const schema = rulesFor(target, options.rules, answers).reduce(
        (field, rule) =>
          field.test({
            name: rule.name,
            message: () => messageFor(rule.message, target.label),
            test: (value, test) => {
              const { answers: current, today } = (test.options.context as RunContext | undefined) ?? built;
              return rule.test(value, { answers: current, today, question: target.question });
            },
          }),
        mixed<string | boolean>().nullable(),
      );
      return [target.key, schema];
    }),
  );
  return object(shape);
}

/**
 * What a schema built by `answersSchema` depends on besides the pages and rules: the keys on
 * show, in order, and the answer each dependent option list follows (its `oneOf`). Labels,
 * questions and the other defaults follow from the key.
 */
function schemaSignature(targets: readonly ValidationTarget[], answers: Answers): string {
  return targets
    .map(({ key, question }) => {
      const dependent = question?.dependsOn;
      if (dependent?.category !== 'displayAndOptions') return key;
      const control = answers[dependent.controlKey];
      return `${key}=${typeof control === 'string' ? JSON.stringify(control) : '-'}`;
    })
    .join('\n');
}

/** Enough for a page's usual show/hide toggles without holding many schemas. */
const SCHEMAS_KEPT = 8;
const schemaCache = new WeakMap<readonly PageDef[], WeakMap<RuleTable, Map<string, AnyObjectSchema>>>();

/**
 * `answersSchema` for these targets, built again only when the keys on show or a dependent
 * option list change: building is most of a validation's time, and typing changes neither.
 * Run it with the answers and day as yup's context (`RunContext`): without one its rules would see
 * those of whichever validation built it.
 */
export function cachedAnswersSchema(
  pages: readonly PageDef[],
  targets: readonly ValidationTarget[],
  answers: Answers,
  options: { today: Date; rules: RuleTable },
): AnyObjectSchema {
  let byRules = schemaCache.get(pages);
  if (!byRules) schemaCache.set(pages, (byRules = new WeakMap()));
  let schemas = byRules.get(options.rules);
  if (!schemas) byRules.set(options.rules, (schemas = new Map()));
  // The year lists' `oneOf` is fixed when a schema is built: a new year builds anew.
  const signature = `${followCalendar()}\n${schemaSignature(targets, answers)}`;
  let schema = schemas.get(signature);
  if (schema) {
    // Most recently used last, so the oldest goes first.
    schemas.delete(signature);
  } else {
    schema = answersSchema(targets, answers, options);
    if (schemas.size >= SCHEMAS_KEPT) schemas.delete(schemas.keys().next().value!);
  }
  schemas.set(signature, schema);
  return schema;
}
