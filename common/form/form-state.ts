import { ADD_ANOTHER_MAX, COLLEGE_SLOTS } from '../constants';
import { ESSAY_KEYS, RESUME_KEY, docKeyOf } from './model/program-document-keys';

/**
 * The tab groups and add-another buttons of the application (form-content section 2, items 7
 * and 8), named once: the widgets render them and the server accepts only these ids and values.
 */
export interface TabGroupDef {
  id: string;
  /** The tab a visitor sees and a new applicant starts on. */
  defaultTab: string;
  /** Each tab with the answer keys it holds; switching away clears the old tab's keys. */
  tabs: readonly { id: string; label: string; keys: readonly string[] }[];
}

export interface AddAnotherDef {
  id: string;
  max: number;
}

/** Every essay or statement, and the resume, is typed in the text tab or uploaded as a document. */
export const tabGroups: readonly TabGroupDef[] = [...ESSAY_KEYS, RESUME_KEY].map((key) => ({
  id: key,
  defaultTab: 'text',
  tabs: [
    { id: 'text', label: 'Type it here', keys: [key] },
    { id: 'upload', label: 'Upload a document', keys: [docKeyOf(key)] },
  ],
}));

/** Colleges attended, 1 to 8 (form-content section 3): the colleges section repeats through it. */
export const COLLEGES_BUTTON_ID = 'college';

export const addAnotherButtons: readonly AddAnotherDef[] = [{ id: COLLEGES_BUTTON_ID, max: Math.min(COLLEGE_SLOTS, ADD_ANOTHER_MAX) }];

export function tabGroupById(id: string): TabGroupDef | undefined {
  return tabGroups.find((group) => group.id === id);
}

export function addAnotherById(id: string): AddAnotherDef | undefined {
  return addAnotherButtons.find((button) => button.id === id);
}
