import { lookupCategories, type LookupCategory, type LookupItem, type LookupRecord } from '../../common/api';
import { LOOKUP_MAX_RESULTS } from '../../common/constants';
import { badRequest, HttpError } from '../http/errors';
import type { LookupStore } from './lookups-store';
import { normalizeText, queryWords } from './normalize';
import { toLookupRecord } from './records';

/** Longest search text taken; the longest school names in the data are about 150 characters. */
export const LOOKUP_TEXT_MAX_LENGTH = 100;

/** Ids are positive integers of the store's integer column. */
const MAX_ID = 2_147_483_647;

export const lookupMessages = {
  categoryMissing: `category is required: one of ${lookupCategories.join(', ')}.`,
  categoryUnknown: `category must be one of ${lookupCategories.join(', ')}.`,
  textOrIdMissing: 'Give text to search, or id to fetch one record.',
  textAndId: 'Give either text (to search) or id (to fetch one record), not both.',
  textEmpty: 'text must not be empty.',
  textTooLong: `text must be at most ${LOOKUP_TEXT_MAX_LENGTH} characters.`,
  maxResultsInvalid: 'max_results must be a whole number of 1 or more.',
  idEmpty: 'id must not be empty.',
  repeated: (name: string) => `${name} must be given only once.`,
  notFound: 'No record with that id was found in this category.',
} as const;

type Query = Readonly<Record<string, string | string[] | undefined>>;

/**
 * GET /lookup/find in its two forms (spec platform section 7): `text`, `category` and
 * `max_results` (default and cap 5) search; `id` and `category` fetch one full record.
 */
export function createLookupService(store: { lookups: LookupStore }) {
  async function search(category: LookupCategory, text: string, maxResults: string | undefined): Promise<LookupItem[]> {
    if (text.trim() === '') throw badRequest(lookupMessages.textEmpty);
    if (text.length > LOOKUP_TEXT_MAX_LENGTH) throw badRequest(lookupMessages.textTooLong);
    const limit = Math.min(parseMaxResults(maxResults), LOOKUP_MAX_RESULTS);
    const hits = await store.lookups.search(category, queryWords(text), normalizeText(text), limit);
    return hits.map((hit) => ({ text: hit.text, id: String(hit.id), sub_text: hit.sub_text }));
  }

  async function detail(category: LookupCategory, id: string): Promise<LookupRecord> {
    if (id.trim() === '') throw badRequest(lookupMessages.idEmpty);
    const number = /^\d{1,10}$/.test(id) ? Number(id) : 0;
    const stored = number >= 1 && number <= MAX_ID ? await store.lookups.find(category, number) : undefined;
    if (!stored) throw new HttpError(404, lookupMessages.notFound);
    return toLookupRecord(category, stored);
  }

  return {
    async find(query: Query): Promise<LookupItem[] | LookupRecord> {
      const category = single(query, 'category');
      if (category === undefined || category === '') throw badRequest(lookupMessages.categoryMissing);
      if (!(lookupCategories as readonly string[]).includes(category)) throw badRequest(lookupMessages.categoryUnknown);
      const text = single(query, 'text');
      const id = single(query, 'id');
      const maxResults = single(query, 'max_results');
      if (text !== undefined && id !== undefined) throw badRequest(lookupMessages.textAndId);
      if (id !== undefined) return detail(category as LookupCategory, id);
      if (text !== undefined) return search(category as LookupCategory, text, maxResults);
      throw badRequest(lookupMessages.textOrIdMissing);
    },
  };
}

export type LookupService = ReturnType<typeof createLookupService>;

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw badRequest(lookupMessages.repeated(name));
  return value;
}

function parseMaxResults(value: string | undefined): number {
  if (value === undefined) return LOOKUP_MAX_RESULTS;
  const number = /^\d+$/.test(value.trim()) ? Number(value.trim()) : 0;
  if (number < 1) throw badRequest(lookupMessages.maxResultsInvalid);
  return number;
}
