import { COLLEGE_SLOTS } from '../../constants';
import type { FieldDef, PageId } from '../types';
import { fieldsOf } from './define';

/**
 * A block of keys that the Add Another button repeats (form-content section 3, colleges 1 to 8).
 * Slot 1 uses the keys as written; slot n appends `_n` at the end of each key.
 */
export type BlockFieldType = 'text' | 'select' | 'lookup';

export interface BlockField {
  /** The slot-1 key; it starts with the block's prefix. */
  key: string;
  type: BlockFieldType;
  maxLength?: number;
}

export interface RepeatedBlockDef {
  /** The Add Another button id that stores the number of slots shown. */
  id: string;
  page: PageId;
  prefix: string;
  fields: readonly BlockField[];
  /** Most slots the applicant can fill. */
  max: number;
}

/** The key of `baseKey` in slot `index` (1-based): slot 1 keeps it, slot n appends `_n`. */
export function suffixedKey(baseKey: string, index: number): string {
  return index === 1 ? baseKey : `${baseKey}_${index}`;
}

/** The answer keys of one slot, in block order (without `_desc` companions). */
export function slotKeys(block: RepeatedBlockDef, index: number): string[] {
  return block.fields.map((field) => suffixedKey(field.key, index));
}

/** The FieldDefs of every slot 1..max, `_desc` companions included. */
export function expandBlock(block: RepeatedBlockDef): FieldDef[] {
  const make = fieldsOf(block.page);
  const slots = Array.from({ length: block.max }, (_, i) => i + 1);
  return slots.flatMap((index) =>
    block.fields.flatMap(({ key, type, maxLength }) => {
      const slotKey = suffixedKey(key, index);
      return type === 'select' ? make.select(slotKey) : make[type](slotKey, maxLength);
    }),
  );
}

/**
 * One college attended. Name and CEEB code are filled by the school lookup (or the name is typed
 * when the school is not found); the address keys are filled by the lookup too but stay editable.
 */
export const collegeBlock: RepeatedBlockDef = {
  id: 'college',
  page: 'education',
  prefix: 'college_',
  max: COLLEGE_SLOTS,
  fields: [
    { key: 'college_ceeb', type: 'lookup', maxLength: 10 },
    { key: 'college_name', type: 'lookup', maxLength: 100 },
    { key: 'college_address_line_1', type: 'text', maxLength: 100 },
    { key: 'college_city', type: 'text' },
    { key: 'college_state', type: 'select' },
    { key: 'college_zip', type: 'text', maxLength: 10 },
    { key: 'college_degree', type: 'select' },
    { key: 'college_major', type: 'text', maxLength: 100 },
    { key: 'college_degree_month', type: 'select' },
    { key: 'college_degree_year', type: 'select' },
    { key: 'college_gpa', type: 'text', maxLength: 10 },
    { key: 'college_credits', type: 'text', maxLength: 6 },
    { key: 'college_attend_from_month', type: 'select' },
    { key: 'college_attend_from_year', type: 'select' },
    { key: 'college_attend_to_month', type: 'select' },
    { key: 'college_attend_to_year', type: 'select' },
    { key: 'college_country', type: 'select' },
  ],
};

export const collegeFields: FieldDef[] = expandBlock(collegeBlock);
