import { DEFAULT_INPUT_MAX_LENGTH } from '../../constants';
import { tenant } from '../tenant';
import { expandRepeatedSection } from '../repeat';
import type { FieldDef, FieldType, PageDef, PageId, QuestionDef, Widget } from '../types';

/**
 * How a question's declaration becomes the data model's lines (spec platform section 3): the key's
 * value type follows its widget, its length its declaration (or the type's default), and select
 * and radio keys get the `_desc` companion that holds the chosen option's label (on by default).
 */
export const DESC_SUFFIX = '_desc';
/** Longest option label a `_desc` companion may hold. */
export const DESC_MAX_LENGTH = 200;
/** A school search's school code (a CEEB code is 4 to 6 digits; imported lists may use longer ones). */
export const LOOKUP_CODE_MAX_LENGTH = 10;
/** Dates are YYYY-MM-DD; phones (###) ###-####; uploads hold ANSWERED. */
const FIXED_LENGTH: Partial<Record<FieldType, number>> = { date: 10, phone: 14, checkbox: 5, upload: 8 };

/**
 * The longest answer a key of this type takes when its declaration names no limit: a text area's
 * is the tenant's character limit (form-content section 9: 'Text area maximum length equals the
 * character limit'), other text the default input length.
 */
export function defaultMaxLength(type: FieldType): number {
  if (type === 'textarea') return tenant.character_limit;
  return FIXED_LENGTH[type] ?? DEFAULT_INPUT_MAX_LENGTH;
}

/** The answer of an upload question whose document is converted (the only value it takes). */
export const DOCUMENT_ANSWERED = 'ANSWERED';

/**
 * The longest answer a question of the form takes, from its declaration alone (the data model's
 * line is made from the same): for the widgets, which load without the rest of the form.
 */
export function declaredMaxLength(question: Pick<QuestionDef, 'widget' | 'maxLength'>): number {
  return question.maxLength ?? defaultMaxLength(question.widget === 'checkGroup' ? 'checkbox' : question.widget);
}

export function descKeyOf(key: string): string {
  return `${key}${DESC_SUFFIX}`;
}

/** The value type of a widget's own key; a check group has none (its members are checkboxes). */
export function fieldTypeOf(widget: Exclude<Widget, 'checkGroup'>): FieldType {
  return widget;
}

/** A model line before it is placed on a page. */
type KeyLine = Omit<FieldDef, 'page'>;

function keyLines(type: FieldType, key: string, maxLength?: number): KeyLine[] {
  const main: KeyLine = { key, type, maxLength: maxLength ?? defaultMaxLength(type) };
  if (type !== 'select' && type !== 'radio') return [main];
  const descKey = descKeyOf(key);
  return [
    { ...main, descKey },
    { key: descKey, type: 'hidden', maxLength: DESC_MAX_LENGTH, descOf: key },
  ];
}

const onPage = (page: PageId) => (line: KeyLine): FieldDef => ({ ...line, page });

/** The model lines of one key, with the `_desc` companion of a select or radio. */
export function fieldLines(page: PageId, type: FieldType, key: string, maxLength?: number): FieldDef[] {
  return keyLines(type, key, maxLength).map(onPage(page));
}

/**
 * Every key one question writes, with its type and length, in one order: its own (and `_desc`), a
 * school search's code, check-group members, the SMS opt-in. The visibility walk reads the keys
 * (visibility.ts `questionKeys`), the data model the lines.
 */
export function questionKeyLines(question: QuestionDef): KeyLine[] {
  const lines = question.widget === 'checkGroup' ? [] : keyLines(fieldTypeOf(question.widget), question.key, question.maxLength);
  if (question.sensitive && lines[0]) lines[0] = { ...lines[0], sensitive: true };
  if (question.lookup?.fills.code) lines.push(...keyLines('lookup', question.lookup.fills.code, LOOKUP_CODE_MAX_LENGTH));
  for (const member of question.members ?? []) lines.push(...keyLines('checkbox', member.key));
  if (question.smsOptInKey) lines.push(...keyLines('checkbox', question.smsOptInKey));
  return lines;
}

/** A question's model lines on its page. */
export function questionFields(question: QuestionDef, page: PageId): FieldDef[] {
  return questionKeyLines(question).map(onPage(page));
}

/**
 * The complete answer model of form-content section 3: every key the store accepts, with its
 * type, page and length limit, in the order the form asks for them. It is read from the pages'
 * question declarations (each question declared once: pages/), every slot of a repeated block
 * included. The API refuses any key that is not here.
 */
export function fieldsOfPages(pages: readonly PageDef[]): FieldDef[] {
  const lines = pages.flatMap((page) =>
    page.sections.flatMap((section) => [
      ...(section.trigger?.kind === 'checkbox' ? fieldLines(page.id, 'checkbox', section.trigger.key) : []),
      ...expandRepeatedSection(section).flatMap((slot) => slot.questions.flatMap((question) => questionFields(question, page.id))),
    ]),
  );
  // Alternative sections of a group ask the same question (the proof upload, one per trigger): one line each.
  const seen = new Set<string>();
  return lines.filter((line) => !seen.has(line.key) && seen.add(line.key));
}

