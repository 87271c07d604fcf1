import { DEFAULT_INPUT_MAX_LENGTH } from '../../constants';
import { tenant } from '../tenant';
import type { FieldDef, FieldType, PageId } from '../types';

/**
 * Small factories for the data model: each returns the FieldDefs of one key, with the `_desc`
 * companion for select and radio keys (spec platform section 3, on by default).
 */
export const DESC_SUFFIX = '_desc';
/** Longest option label a `_desc` companion may hold. */
export const DESC_MAX_LENGTH = 200;
/** Dates are YYYY-MM-DD; phones (###) ###-####; uploads hold ANSWERED. */
const FIXED_LENGTH: Partial<Record<FieldType, number>> = { date: 10, phone: 14, checkbox: 5, upload: 8 };

/**
 * The longest answer a key of this type takes when its model line names no limit: a text area's is
 * the tenant's character limit (form-content section 9: 'Text area maximum length equals the
 * character limit'), other text the default input length.
 */
export function defaultMaxLength(type: FieldType): number {
  if (type === 'textarea') return tenant.character_limit;
  return FIXED_LENGTH[type] ?? DEFAULT_INPUT_MAX_LENGTH;
}

export function descKeyOf(key: string): string {
  return `${key}${DESC_SUFFIX}`;
}

function field(page: PageId, type: FieldType, key: string, maxLength?: number): FieldDef[] {
  const main: FieldDef = { key, type, page, maxLength: maxLength ?? defaultMaxLength(type) };
  if (type !== 'select' && type !== 'radio') return [main];
  const descKey = descKeyOf(key);
  return [
    { ...main, descKey },
    { key: descKey, type: 'hidden', page, maxLength: DESC_MAX_LENGTH, descOf: key },
  ];
}

/** The factories bound to one page, so a page's model file reads as a list of keys. */
export function fieldsOf(page: PageId) {
  return {
    text: (key: string, maxLength?: number) => field(page, 'text', key, maxLength),
    textarea: (key: string, maxLength?: number) => field(page, 'textarea', key, maxLength),
    select: (key: string) => field(page, 'select', key),
    radio: (key: string) => field(page, 'radio', key),
    checkbox: (key: string) => field(page, 'checkbox', key),
    date: (key: string) => field(page, 'date', key),
    phone: (key: string) => field(page, 'phone', key),
    upload: (key: string) => field(page, 'upload', key),
    lookup: (key: string, maxLength?: number) => field(page, 'lookup', key, maxLength),
    hidden: (key: string, maxLength?: number) => field(page, 'hidden', key, maxLength),
  };
}
