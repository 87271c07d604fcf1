import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { apiPaths, type TabChoices } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { isLoggedInAtom } from '../../../state/session';

export function getTabChoices(): Promise<TabChoices> {
  return apiClient.get<TabChoices>(apiPaths.tabs);
}

/** Spec platform section 7: a failed load is tolerated; every group then shows its default tab. */
export function getTabChoicesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.tabChoices(), queryFn: getTabChoices, throwOnError: false });
}

export function useTabChoices() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  return useQuery({ ...getTabChoicesQueryOptions(), enabled: isLoggedIn });
}
