import { yesNoOptions } from '../options';
import type { DependentOptions, LookupDef, Option, QuestionDef } from '../types';

/**
 * One small factory per question type (STYLE.md example 5), so a page module reads as a list of
 * questions. `opts` carries the rest of the definition: hint, condition, maxLength, autoComplete...
 */
export type QuestionOptions = Omit<Partial<QuestionDef>, 'key' | 'widget' | 'label'>;

export interface CheckGroupMember {
  key: string;
  label: string;
}

/** Wording of the opt-in checkbox beneath a phone question that has `smsOptInKey`. */
export const SMS_OPT_IN_LABEL = 'Send me text message updates about my application at this number.';

function question(widget: QuestionDef['widget'], key: string, label: string, opts: QuestionOptions): QuestionDef {
  return { key, widget, label, ...opts };
}

export function textQuestion(key: string, label: string, opts: QuestionOptions = {}): QuestionDef {
  return question('text', key, label, opts);
}

export function textareaQuestion(key: string, label: string, opts: QuestionOptions = {}): QuestionDef {
  return question('textarea', key, label, opts);
}

export function dateQuestion(key: string, label: string, opts: QuestionOptions = {}): QuestionDef {
  return question('date', key, label, opts);
}

/** A US phone, masked as (###) ###-####; `opts.smsOptInKey` adds the opt-in checkbox beneath. */
export function phoneQuestion(key: string, label: string, opts: QuestionOptions = {}): QuestionDef {
  return question('phone', key, label, { inputMode: 'tel', ...opts });
}

/** A single checkbox holding true or false. */
export function checkboxQuestion(key: string, label: string, opts: QuestionOptions = {}): QuestionDef {
  return question('checkbox', key, label, opts);
}

export function selectQuestion(key: string, label: string, options: readonly Option[], opts: QuestionOptions = {}): QuestionDef {
  return question('select', key, label, { options, ...opts });
}

/**
 * A select whose options depend on another answer (`dependsOn.optionsByValue`): shown while the
 * controlling answer has options, and cleared when that answer changes.
 */
export function dependentSelectQuestion(key: string, label: string, dependsOn: DependentOptions, opts: QuestionOptions = {}): QuestionDef {
  return question('select', key, label, { dependsOn, ...opts });
}

export function radioQuestion(key: string, label: string, options: readonly Option[], opts: QuestionOptions = {}): QuestionDef {
  return question('radio', key, label, { options, ...opts });
}

/** A radio pair stored as Y / N. */
export function yesNoQuestion(key: string, label: string, opts: QuestionOptions = {}): QuestionDef {
  return radioQuestion(key, label, yesNoOptions, opts);
}

/**
 * Several checkboxes under one label. `key` names the group (the element id the error summary
 * links to); each member is its own true/false answer key.
 */
export function checkGroupQuestion(
  key: string,
  label: string,
  members: readonly CheckGroupMember[],
  opts: QuestionOptions = {},
): QuestionDef {
  return question('checkGroup', key, label, { members, ...opts });
}

export function uploadQuestion(key: string, label: string, opts: QuestionOptions = {}): QuestionDef {
  return question('upload', key, label, opts);
}

/**
 * A search field (form-content section 2, widget 1): what is typed is the key's own answer, and
 * choosing a suggestion fills every key of `lookup.fills` from the full record.
 */
export function lookupQuestion(key: string, label: string, lookup: LookupDef, opts: QuestionOptions = {}): QuestionDef {
  return question('lookup', key, label, { lookup, ...opts });
}
