import { ValidationError, mixed, object, type AnyObjectSchema } from 'yup';
import './yup-formats';
import type { FieldErrors } from '../../validation/collect-errors';
import { fieldDef, maxLengthOf } from '../model';
import { SMS_OPT_IN_LABEL } from '../pages/question-factories';
import type { Answers, PageDef, QuestionDef } from '../types';
import { visibilityOf, type Visibility } from '../visibility';
import { followCalendar } from '../options';
import { optionsOf } from '../print';
import { isAnswered } from '../conditions';
import { maxLength, oneOf, usPhone, validDate } from './generic-rules';
import { messageFor, type FieldRule, type RuleContext, type RuleTable } from './rule';

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
export function shownTargets(pages: readonly PageDef[], answers: Answers, visibility: Visibility = visibilityOf(pages, answers)): ValidationTarget[] {
  const targets: ValidationTarget[] = [];
  for (const { section, open, questions } of visibility.shown) {
    if (section.trigger?.kind === 'checkbox') targets.push({ key: section.trigger.key, label: section.trigger.label });
    if (!open) continue;
    for (const question of questions) {
      targets.push({ key: question.key, label: question.label, question });
      for (const member of question.members ?? []) targets.push({ key: member.key, label: member.label });
      if (question.smsOptInKey) targets.push({ key: question.smsOptInKey, label: SMS_OPT_IN_LABEL });
    }
  }
  return targets;
}

/**
 * A select's or radio's answer must be one of the options it offers for these answers: a dependent
 * list follows its controlling answer, so the options are read when the rule runs, from the
 * answers it is given. A dependent select with no options yet (no controlling answer) has nothing
 * to check against.
 */
function offeredOption(question: QuestionDef): FieldRule {
  const rule = oneOf([]);
  return {
    ...rule,
    ...(question.dependsOn ? { reads: [question.dependsOn.controlKey] } : {}),
    test: (value, { answers }) => {
      const options = optionsOf(question, answers);
      return options.length === 0 || !isAnswered(value) || options.some((option) => option.value === value);
    },
  };
}

/** What every key gets from its type (spec platform section 5): length, listed values, format. */
function defaultRules({ key, question }: ValidationTarget): FieldRule[] {
  const rules: FieldRule[] = [];
  const field = fieldDef(key);
  if (field && field.type !== 'checkbox') rules.push(maxLength(question ? maxLengthOf(question) : field.maxLength));
  if (field?.type === 'date') rules.push(validDate());
  if (field?.type === 'phone') rules.push(usPhone());
  if (question && (question.widget === 'select' || question.widget === 'radio')) rules.push(offeredOption(question));
  return rules;
}

/** A key's own rules first, then each default that no own rule of the same name replaces. */
export function rulesFor(target: ValidationTarget, table: RuleTable): FieldRule[] {
  const own = table[target.key] ?? [];
  const names = new Set(own.map((rule) => rule.name));
  return [...own, ...defaultRules(target).filter((rule) => !names.has(rule.name))];
}

/**
 * What the rules read besides the value, passed as yup's context when the schema runs, so one
 * built field serves every validation (`keptFieldSchema`).
 */
export interface RunContext {
  answers: Answers;
  today: Date;
}

const NO_OTHER_ANSWERS: Answers = Object.freeze({});

/** The answers a rule of this key is given: those it declares it reads (`FieldRule.reads`) and the question's check-group members. */
function keysSeenBy(rule: FieldRule, target: ValidationTarget): readonly string[] {
  return [...(rule.reads ?? []), ...(target.question?.members ?? []).map((member) => member.key)];
}

function answersOf(keys: readonly string[], answers: Answers): Answers {
  const seen: Answers = {};
  for (const key of keys) if (key in answers) seen[key] = answers[key]!;
  return seen;
}

/**
 * One key's yup schema: its rules in one yup test, which runs them all in order and fails with the
 * message of each that fails (every message per key, as yup's own tests one a rule would give,
 * at a third of the cost). The rules read the answers and day of yup's context, else `fallback`'s:
 * each rule only the answers it declares it reads.
 */
function fieldSchema(target: ValidationTarget, rules: RuleTable, fallback: RunContext) {
  const fieldRules = rulesFor(target, rules).map((rule) => ({ rule, keys: keysSeenBy(rule, target) }));
  return mixed<string | boolean>()
    .nullable()
    .test({
      name: 'rules',
      test: (value, test) => {
        const { answers, today } = (test.options.context as RunContext | undefined) ?? fallback;
        const noStack = test.options.disableStackTrace;
        // Most rules read no other answer: they share one context.
        const readsNone: RuleContext = { answers: NO_OTHER_ANSWERS, today, question: target.question };
        let failed: ValidationError[] | undefined;
        for (const { rule, keys } of fieldRules) {
          const context = keys.length === 0 ? readsNone : { ...readsNone, answers: answersOf(keys, answers) };
          if (!rule.test(value, context)) (failed ??= []).push(new ValidationError(messageFor(rule.message, target.label), value, test.path, rule.name, noStack));
        }
        return failed ? new ValidationError(failed, value, test.path, 'rules', noStack) : true;
      },
    });
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
  return object(Object.fromEntries(targets.map((target) => [target.key, fieldSchema(target, options.rules, built)])));
}

const fieldCache = new WeakMap<readonly PageDef[], WeakMap<RuleTable, Map<string, ReturnType<typeof fieldSchema>>>>();

/**
 * Each key's yup field, built once per form definition and rules: nothing in it depends on the
 * answers (the rules read them, and the day, from yup's context, and a dependent list's options
 * are read when its rule runs), so typing and showing or hiding questions build nothing. It is
 * always run with a context (`validateTargets`), so it keeps no answers of its own.
 */
export function keptFieldSchema(pages: readonly PageDef[], rules: RuleTable, target: ValidationTarget) {
  let byRules = fieldCache.get(pages);
  if (!byRules) fieldCache.set(pages, (byRules = new WeakMap()));
  let fields = byRules.get(rules);
  if (!fields) byRules.set(rules, (fields = new Map()));
  let field = fields.get(target.key);
  if (!field) fields.set(target.key, (field = fieldSchema(target, rules, NO_CONTEXT)));
  return field;
}

const NO_CONTEXT: RunContext = { answers: {}, today: new Date(0) };

/**
 * Every message of each key on show, in the order of `targets` (the form's), each once: each key's
 * kept yup field run with the answers and day as yup's context, strict (every field is `mixed`:
 * nothing to cast) and without stack traces. What `answersSchema` gives run as one object, without
 * putting an object of the keys on show together, which a show/hide change would pay for (issue 18,
 * item 4: yup sorts an object's fields as it makes it, about a quarter of a validation here).
 */
export function validateTargets(pages: readonly PageDef[], targets: readonly ValidationTarget[], run: RunContext, rules: RuleTable): FieldErrors {
  // The year lists change in place when the day turns, and the rules read them as they run.
  followCalendar();
  const errors: FieldErrors = {};
  const options = { strict: true, abortEarly: false, context: run, disableStackTrace: true };
  for (const target of targets) {
    try {
      keptFieldSchema(pages, rules, target).validateSync(run.answers[target.key], options);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const messages = (errors[target.key] ??= []);
      for (const message of error.errors) if (!messages.includes(message)) messages.push(message);
    }
  }
  return errors;
}
