import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { isLoggedInAtom } from '../../../state/session';

type Call = ApiCalls['profile'];

export function getProfile(): Promise<Call['response']> {
  return apiClient.get<Call['response']>(apiPaths.profile);
}

export function getProfileQueryOptions() {
  return queryOptions({ queryKey: queryKeys.profile(), queryFn: getProfile });
}

/** Spec platform section 6: a visitor has no profile, so it is fetched only when logged in. */
export function useProfile() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  return useQuery({ ...getProfileQueryOptions(), enabled: isLoggedIn });
}
