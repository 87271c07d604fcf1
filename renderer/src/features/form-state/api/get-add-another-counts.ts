import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { apiPaths, type AddAnotherCounts } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { isLoggedInAtom } from '../../../state/session';

export function getAddAnotherCounts(): Promise<AddAnotherCounts> {
  return apiClient.get<AddAnotherCounts>(apiPaths.addAnother);
}

/** Spec platform section 7: a failed load is tolerated; every button then starts at the default. */
export function getAddAnotherCountsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.addAnotherCounts(), queryFn: getAddAnotherCounts, throwOnError: false });
}

export function useAddAnotherCounts() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  return useQuery({ ...getAddAnotherCountsQueryOptions(), enabled: isLoggedIn });
}
