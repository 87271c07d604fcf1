import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { apiPaths, type DocumentAnswers } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { isLoggedInAtom } from '../../../state/session';

export function getDocumentAnswers(): Promise<DocumentAnswers> {
  return apiClient.get<DocumentAnswers>(apiPaths.documentAnswers);
}

/** Name and size of each uploaded document; a failed load shows no documents rather than an error page. */
export function getDocumentAnswersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.documentAnswers(), queryFn: getDocumentAnswers, throwOnError: false });
}

/** A visitor has no documents, so they are fetched only when logged in. */
export function useDocumentAnswers() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  return useQuery({ ...getDocumentAnswersQueryOptions(), enabled: isLoggedIn });
}
