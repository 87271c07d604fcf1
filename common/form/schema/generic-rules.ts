import { evaluate, isAnswered } from '../conditions';
import type { AnswerValue, Condition } from '../types';
import { isCalendarDay } from '../calendar-day';
import { US_PHONE_PATTERN } from './formats';
import { genericMessages } from './messages';
import type { FieldRule, Message, RuleContext } from './rule';

/**
 * The generic defaults of spec platform section 5 as small named rules, plus the few shapes every
 * page needs (a condition, a format, a date window). Apart from `required` and `arrayMin`, a rule
 * passes an empty answer: emptiness is `required`'s business, so an empty field shows one message.
 */

type Check = (value: string, context: RuleContext) => boolean;

function whenAnswered(check: Check): FieldRule['test'] {
  return (value, context) => !isAnswered(value) || check(String(value).trim(), context);
}

function asNumber(value: string): number | null {
  if (value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** A numeric check that leaves non-numbers to the `number` rule. */
function numeric(check: (number: number) => boolean): Check {
  return (value) => {
    const number = asNumber(value);
    return number === null || check(number);
  };
}

/** A check group's answer is the list of its checked members. */
function checkedCount(context: RuleContext): number {
  return (context.question?.members ?? []).filter((member) => context.answers[member.key] === true).length;
}

/** An answer is given; for a check group, at least one member is checked. */
export function required(message: Message = genericMessages.required): FieldRule {
  return {
    name: 'required',
    message,
    requires: true,
    test: (value: AnswerValue | undefined, context) =>
      context.question?.widget === 'checkGroup' ? checkedCount(context) > 0 : isAnswered(value),
  };
}

/** `rule` applies only while `condition` holds ("state required when country is USA or CAN"). */
export function when(condition: Condition, rule: FieldRule): FieldRule {
  return {
    ...rule,
    reads: [condition.valueKey, ...(rule.reads ?? [])],
    test: (value, context) => !evaluate(condition, context.answers) || rule.test(value, context),
  };
}

/** Any test over a given answer, under a name of its own. */
export function format(name: string, check: Check, message: Message): FieldRule {
  return { name, message, test: whenAnswered(check) };
}

export function matches(name: string, pattern: RegExp, message: Message): FieldRule {
  return format(name, (value) => pattern.test(value), message);
}

export function minLength(min: number, message: Message = genericMessages.minLength(min)): FieldRule {
  return format('minLength', (value) => value.length >= min, message);
}

/** Counts the value as stored (untrimmed): the store refuses what is longer. */
export function maxLength(max: number, message: Message = genericMessages.maxLength(max)): FieldRule {
  return { name: 'maxLength', message, test: (value) => typeof value !== 'string' || value.length <= max };
}

/**
 * The e-mail and URL checks are yup's own, so the card schemas and the form agree. yup loads with
 * the validation (yup-formats.ts, which the schema builder imports), not with the questions that
 * name these rules: a visitor's first paint holds About You's questions, not yup (issue 26).
 */
export const yupChecks: { email: ((value: string) => boolean) | null; url: ((value: string) => boolean) | null } = { email: null, url: null };

function yupCheck(kind: keyof typeof yupChecks): Check {
  return (value) => {
    const check = yupChecks[kind];
    if (!check) throw new Error(`The ${kind} rule ran before the validation loaded (schema/yup-formats.ts).`);
    return check(value);
  };
}

export function email(message: Message = genericMessages.email): FieldRule {
  return format('email', yupCheck('email'), message);
}

export function url(message: Message = genericMessages.url): FieldRule {
  return format('url', yupCheck('url'), message);
}

/** Numbers are stored as strings ("3.75"); these rules read them as numbers. */
export function number(message: Message = genericMessages.number): FieldRule {
  return format('number', (value) => asNumber(value) !== null, message);
}

export function numberMin(min: number, message: Message = genericMessages.numberMin(min)): FieldRule {
  return format('numberMin', numeric((value) => value >= min), message);
}

export function numberMax(max: number, message: Message = genericMessages.numberMax(max)): FieldRule {
  return format('numberMax', numeric((value) => value <= max), message);
}

export function integer(message: Message = genericMessages.integer): FieldRule {
  return format('integer', numeric(Number.isInteger), message);
}

export function positive(message: Message = genericMessages.positive): FieldRule {
  return format('positive', numeric((value) => value > 0), message);
}

export function negative(message: Message = genericMessages.negative): FieldRule {
  return format('negative', numeric((value) => value < 0), message);
}

export function arrayMin(min: number, message: Message = genericMessages.arrayMin(min)): FieldRule {
  return { name: 'arrayMin', message, requires: true, test: (_value, context) => checkedCount(context) >= min };
}

export function arrayMax(max: number, message: Message = genericMessages.arrayMax(max)): FieldRule {
  return { name: 'arrayMax', message, test: (_value, context) => checkedCount(context) <= max };
}

/** Compared as stored: a select or radio holds exactly one option's value. */
export function oneOf(values: readonly string[], message: Message = genericMessages.oneOf): FieldRule {
  return { name: 'oneOf', message, test: (value) => !isAnswered(value) || (typeof value === 'string' && values.includes(value)) };
}

export function validDate(message: Message = genericMessages.date): FieldRule {
  return format('date', isCalendarDay, message);
}

/** A date on or after the day `limit` gives for today (invalid dates are `validDate`'s business). */
export function dateOnOrAfter(limit: (today: Date) => string, message: Message): FieldRule {
  return format('dateMin', (value, { today }) => !isCalendarDay(value) || value >= limit(today), message);
}

export function dateOnOrBefore(limit: (today: Date) => string, message: Message): FieldRule {
  return format('dateMax', (value, { today }) => !isCalendarDay(value) || value <= limit(today), message);
}

export function usPhone(message: Message = genericMessages.usPhone): FieldRule {
  return matches('phone', US_PHONE_PATTERN, message);
}
