import { answerFields } from '../../../../common/form/model';
import { suffixedKey } from '../../../../common/form/repeat';
import type { FieldDef, FieldType, PageId } from '../../../../common/form/types';

/** The data model's lines of one page (the model is read from the pages' declarations). */
export function fieldsOfPage(page: PageId): FieldDef[] {
  return answerFields.filter((field) => field.page === page);
}

/** Form-content section 3's college block (slot 1's keys, in block order) with each key's type. */
export const COLLEGE_BLOCK: Readonly<Record<string, FieldType>> = {
  college_ceeb: 'lookup',
  college_name: 'lookup',
  college_address_line_1: 'text',
  college_city: 'text',
  college_state: 'select',
  college_zip: 'text',
  college_degree: 'select',
  college_major: 'text',
  college_degree_month: 'select',
  college_degree_year: 'select',
  college_gpa: 'text',
  college_credits: 'text',
  college_attend_from_month: 'select',
  college_attend_from_year: 'select',
  college_attend_to_month: 'select',
  college_attend_to_year: 'select',
  college_country: 'select',
};

/** The answer keys of college slot `slot` (without `_desc` companions). */
export function collegeSlotKeys(slot: number): string[] {
  return Object.keys(COLLEGE_BLOCK).map((key) => suffixedKey(key, slot));
}
