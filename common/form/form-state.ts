import { ADD_ANOTHER_MAX } from '../constants';
import { collegeBlock } from './model/college-block';
import { docKeyOf } from './model/education';
import { ESSAY_KEYS, RESUME_KEY } from './model/program-document-keys';

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

export const addAnotherButtons: readonly AddAnotherDef[] = [{ id: collegeBlock.id, max: Math.min(collegeBlock.max, ADD_ANOTHER_MAX) }];

export function tabGroupById(id: string): TabGroupDef | undefined {
  return tabGroups.find((group) => group.id === id);
}

export function addAnotherById(id: string): AddAnotherDef | undefined {
  return addAnotherButtons.find((button) => button.id === id);
}
