import type { QuestionDef, SectionDef } from './types';

/**
 * Repeated sections (form-content section 2 item 7): a section with `repeat` lists the slot-1
 * questions; slot n asks the same questions with every key of the block suffixed `_n`
 * (`suffixedKey`). Keys from outside the block (a condition on another section's answer) are
 * left as they are.
 */

/** The key of `baseKey` in slot `index` (1-based): slot 1 keeps it, slot n appends `_n`. */
export function suffixedKey(baseKey: string, index: number): string {
  return index === 1 ? baseKey : `${baseKey}_${index}`;
}

/** Every key the slot-1 questions write, so a reference can tell block keys from outside keys. */
function blockKeys(questions: readonly QuestionDef[]): Set<string> {
  const keys = new Set<string>();
  for (const question of questions) {
    keys.add(question.key);
    for (const member of question.members ?? []) keys.add(member.key);
    if (question.smsOptInKey) keys.add(question.smsOptInKey);
    for (const filled of Object.values(question.lookup?.fills ?? {})) if (filled) keys.add(filled);
  }
  return keys;
}

/** The question of slot `slot` (1-based) of a block whose slot-1 keys are `keys`. */
export function slotQuestion(question: QuestionDef, slot: number, keys: ReadonlySet<string> = blockKeys([question])): QuestionDef {
  if (slot === 1) return question;
  const suffix = (key: string) => (keys.has(key) ? suffixedKey(key, slot) : key);
  const next: QuestionDef = { ...question, key: suffixedKey(question.key, slot) };
  // Slot n's own rules, so the question alone tells what it asks (`isOptional`).
  if (typeof question.rules === 'function') next.rules = question.rules(slot);
  if (question.condition) next.condition = { ...question.condition, valueKey: suffix(question.condition.valueKey) };
  if (question.dependsOn) next.dependsOn = { ...question.dependsOn, controlKey: suffix(question.dependsOn.controlKey) };
  if (question.lookup) {
    const fills = Object.fromEntries(Object.entries(question.lookup.fills).map(([field, key]) => [field, key && suffix(key)]));
    next.lookup = { ...question.lookup, fills };
  }
  if (question.members) next.members = question.members.map((member) => ({ ...member, key: suffix(member.key) }));
  if (question.smsOptInKey) next.smsOptInKey = suffix(question.smsOptInKey);
  return next;
}

/** The id of slot `slot` of a section: slot 1 keeps the section's, slot n is `<id>-<n>`. */
export function slotId(section: SectionDef, slot: number): string {
  return slot === 1 ? section.id : `${section.id}-${slot}`;
}

/** Slot `slot` of a repeated section: its questions suffixed, its id `slotId`, no `repeat`. */
export function slotSection(section: SectionDef, slot: number): SectionDef {
  const { repeat: _repeat, ...rest } = section;
  if (slot === 1) return rest;
  const keys = blockKeys(section.questions);
  const condition = section.condition && { ...section.condition, valueKey: keys.has(section.condition.valueKey) ? suffixedKey(section.condition.valueKey, slot) : section.condition.valueKey };
  return {
    ...rest,
    id: slotId(section, slot),
    ...(condition ? { condition } : {}),
    questions: section.questions.map((question) => slotQuestion(question, slot, keys)),
  };
}

/** How many slots a section has: a repeated one as many as its Add Another button allows, others 1. */
export function slotCount(section: SectionDef): number {
  return section.repeat?.button.max ?? 1;
}

/** Slots 1..`count` of a section (count defaults to every slot); a section that does not repeat is its only slot. */
export function expandRepeatedSection(section: SectionDef, count: number = slotCount(section)): SectionDef[] {
  if (!section.repeat) return [section];
  return Array.from({ length: count }, (_, index) => slotSection(section, index + 1));
}
