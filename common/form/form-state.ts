import { formPages } from './pages';
import type { AddAnotherDef, PageDef, TabGroupDef } from './types';

export type { AddAnotherDef, TabGroupDef };

/**
 * The tab groups and Add Another buttons of the application (form-content section 2, items 7 and
 * 8), as the sections that show them declare them (`SectionDef.tabs`, `SectionDef.repeat`): the
 * server accepts only these ids and values, and the definition checks look at them here.
 */
export function tabGroupsOf(pages: readonly PageDef[]): TabGroupDef[] {
  return pages.flatMap((page) => page.sections.flatMap((section) => (section.tabs ? [section.tabs] : [])));
}

export function addAnotherButtonsOf(pages: readonly PageDef[]): AddAnotherDef[] {
  const buttons = pages.flatMap((page) => page.sections.flatMap((section) => (section.repeat ? [section.repeat.button] : [])));
  return [...new Set(buttons)];
}

export const tabGroups: readonly TabGroupDef[] = tabGroupsOf(formPages);

export const addAnotherButtons: readonly AddAnotherDef[] = addAnotherButtonsOf(formPages);

export function tabGroupById(id: string): TabGroupDef | undefined {
  return tabGroups.find((group) => group.id === id);
}

export function addAnotherById(id: string): AddAnotherDef | undefined {
  return addAnotherButtons.find((button) => button.id === id);
}
