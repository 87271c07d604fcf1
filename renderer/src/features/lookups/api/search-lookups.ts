import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type LookupCategory, type LookupItem } from '../../../../../common/api';
import { LOOKUP_MAX_RESULTS } from '../../../../../common/constants';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// One empty list, so a render without suggestions hands downshift the same array each time.
const NO_ITEMS: LookupItem[] = Object.freeze([]) as unknown as LookupItem[];

/** GET /lookup/find?text=&category=&max_results=5 (spec platform section 7). */
export async function searchLookups(category: LookupCategory, text: string): Promise<LookupItem[]> {
  const query = new URLSearchParams({ text, category, max_results: String(LOOKUP_MAX_RESULTS) });
  const items = await apiClient.get<LookupItem[]>(`${apiPaths.lookupFind}?${query}`);
  if (!Array.isArray(items)) throw new TypeError('A lookup search answered something other than a list.');
  return items.slice(0, LOOKUP_MAX_RESULTS);
}

/**
 * A failed search is kept as an error, not as an empty answer, so the same text is asked again
 * when typed again; it never reaches the error boundary (spec platform section 8: silently).
 */
export function searchLookupsQueryOptions(category: LookupCategory, text: string) {
  return queryOptions({
    queryKey: queryKeys.lookupSearch(category, text),
    queryFn: () => searchLookups(category, text),
    throwOnError: false,
  });
}

/**
 * The suggestions for `text`; a failed search yields none. While the next text is being asked,
 * the previous suggestions stay, so the list does not flicker as the applicant types.
 */
export function useLookupSearch(category: LookupCategory, text: string, enabled: boolean) {
  const query = useQuery({ ...searchLookupsQueryOptions(category, text), enabled, placeholderData: keepPreviousData });
  const settled = enabled && !query.isPlaceholderData && !query.isFetching;
  return { items: enabled ? (query.data ?? NO_ITEMS) : NO_ITEMS, settled };
}
