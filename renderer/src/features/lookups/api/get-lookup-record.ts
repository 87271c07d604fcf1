import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiPaths, type LookupCategory, type LookupItem, type LookupRecord } from '../../../../../common/api';
import { answersFromLabel, answersFromRecord, lookupKindOf, type LookupAnswers } from '../../../../../common/form/lookups';
import type { LookupDef } from '../../../../../common/form/types';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /lookup/find?id=&category= (spec platform section 7): the full record of one result. */
export function getLookupRecord(category: LookupCategory, id: string): Promise<LookupRecord> {
  const query = new URLSearchParams({ id, category });
  return apiClient.get<LookupRecord>(`${apiPaths.lookupFind}?${query}`);
}

export function getLookupRecordQueryOptions(category: LookupCategory, id: string) {
  return queryOptions({ queryKey: queryKeys.lookupRecord(category, id), queryFn: () => getLookupRecord(category, id) });
}

/**
 * The record is fetched when a result is chosen, not when something renders, so the hook hands
 * back a function: it resolves to the answers to write, and never fails. A failed detail lookup
 * falls back to the chosen label (spec platform section 8).
 */
export function useLookupAnswers() {
  const queryClient = useQueryClient();
  return useCallback(
    async (lookup: LookupDef, item: LookupItem): Promise<LookupAnswers> => {
      const options = { kind: lookupKindOf(lookup.category) };
      try {
        const record = await queryClient.fetchQuery(getLookupRecordQueryOptions(lookup.category, item.id));
        return answersFromRecord(record, lookup.fills, options);
      } catch {
        return answersFromLabel(item.text, lookup.fills, options);
      }
    },
    [queryClient],
  );
}
