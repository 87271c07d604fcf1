import { isAnswered } from './conditions';
import { slotSection } from './repeat';
import type { Answers, SectionDef } from './types';
import { questionKeys } from './visibility';

/**
 * Removing one block of an Add Another section (issue 33, item 7). The blocks on show are slots
 * 1..count (the stored count), so a removed block cannot leave a gap: the blocks after it move up
 * one slot and the last slot is cleared, then the count goes down by one.
 */

/** Every answer key of slot `slot`, in the order of the slot-1 keys (so slot n's keys line up with slot n+1's). */
export function slotKeys(section: SectionDef, slot: number): string[] {
  return slotSection(section, slot).questions.flatMap(questionKeys);
}

/** Whether the block in slot `slot` holds any answer (removing it would lose work: ask first). */
export function isSlotAnswered(section: SectionDef, slot: number, answers: Answers): boolean {
  return slotKeys(section, slot).some((key) => isAnswered(answers[key]));
}

/**
 * The answers that remove slot `slot` of the `count` on show: each later slot's answers move into
 * the slot before it, and the last slot's keys are cleared (null, which the save sends).
 */
export function removeSlotAnswers(section: SectionDef, slot: number, count: number, answers: Answers): Answers {
  if (slot < 2 || slot > count) throw new RangeError(`Slot ${slot} of ${count} cannot be removed: only an added block can.`);
  const changes: Answers = {};
  for (let target = slot; target <= count; target += 1) {
    const into = slotKeys(section, target);
    const from = target < count ? slotKeys(section, target + 1) : [];
    into.forEach((key, index) => {
      const source = from[index];
      changes[key] = source === undefined ? null : (answers[source] ?? null);
    });
  }
  return changes;
}
