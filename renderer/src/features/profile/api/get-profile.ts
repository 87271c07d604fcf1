import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue, useStore } from 'jotai';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import { isWaitingError } from '../../../lib/answer-queue';
import { UnauthorizedError } from '../../../lib/api-errors';
import { keptProfile, receiveProfileAtom } from '../../answers';
import { queryKeys } from '../../../lib/query-keys';
import { isLoggedInAtom } from '../../../state/session';
import type { ProfileDetails } from '../../../state/snapshot';

type Call = ApiCalls['profile'];
type Store = ReturnType<typeof useStore>;

/**
 * GET /api/profile. Without a connection, the profile kept with saves still waiting in this
 * browser stands in (issue 17, item 8), so a reload while offline shows the form and those saves;
 * it is fetched again once a save gets through.
 */
export async function getProfile(): Promise<Call['response']> {
  try {
    return await apiClient.get<Call['response']>(apiPaths.profile);
  } catch (error) {
    const kept = isWaitingError(error) && !(error instanceof UnauthorizedError) ? keptProfile() : null;
    if (kept) return kept;
    throw error;
  }
}

/**
 * The profile query keeps no answers (issue 36, item 1): each fetch, the first and every one after
 * (a reconnection, a submit, a new login), hands the profile to the answer store, which takes the
 * answers and puts the details in the snapshot; the cache holds the details only. A fetch cancelled
 * meanwhile (the cache cleared at a session's end) hands nothing over.
 */
export function getProfileQueryOptions(store: Store) {
  return queryOptions({
    queryKey: queryKeys.profile(),
    queryFn: async ({ signal }): Promise<ProfileDetails> => {
      const profile = await getProfile();
      if (signal.aborted) throw signal.reason;
      return store.set(receiveProfileAtom, profile);
    },
  });
}

/** Spec platform section 6: a visitor has no profile, so it is fetched only when logged in. */
export function useProfile() {
  const store = useStore();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  return useQuery({ ...getProfileQueryOptions(store), enabled: isLoggedIn });
}
