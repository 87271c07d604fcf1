import { createHash } from 'node:crypto';
import type { ApplicationContent } from './print-items';

/** Raise when the layout changes, so PDFs cached under the old layout are made again. */
export const LAYOUT_VERSION = 2;

/** JSON with object keys sorted, so the same content always hashes the same whatever the row order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The hash of everything that goes into the PDF: the cache is current while it is unchanged. */
export function contentFingerprint(content: ApplicationContent): string {
  return createHash('sha256').update(canonical({ layout: LAYOUT_VERSION, content })).digest('hex');
}
