import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import { isWaitingError } from '../../../lib/answer-queue';
import { UnauthorizedError } from '../../../lib/api-errors';
import { keptProfile } from '../../answers';
import { queryKeys } from '../../../lib/query-keys';
import { isLoggedInAtom } from '../../../state/session';

type Call = ApiCalls['profile'];

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

export function getProfileQueryOptions() {
  return queryOptions({ queryKey: queryKeys.profile(), queryFn: getProfile });
}

/** Spec platform section 6: a visitor has no profile, so it is fetched only when logged in. */
export function useProfile() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  return useQuery({ ...getProfileQueryOptions(), enabled: isLoggedIn });
}
