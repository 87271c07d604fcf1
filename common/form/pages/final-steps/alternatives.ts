import type { Condition, SectionDef } from '../../types';

/**
 * A section shown when any of several conditions holds. A condition is one {valueKey, operator,
 * target}, so this is the spec's "several conditions" (platform section 4): one alternative per
 * condition, all of one `group` and asking the same questions. The first alternative whose
 * condition holds is shown and keeps the answers; they are cleared only when none holds
 * (`shownSections`, `keysToClear`). Ids are the section's id numbered from 1.
 */
export function shownWhenAny(section: Omit<SectionDef, 'condition' | 'group'>, conditions: readonly Condition[]): SectionDef[] {
  return conditions.map((condition, index) => ({ ...section, id: `${section.id}-${index + 1}`, group: section.id, condition }));
}
