import { useLayoutEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
import type { ServiceApplicationResponse } from '../../../../../common/token-api';
import { errorMessageOf } from '../../../lib/api-errors';
import { queryKeys } from '../../../lib/query-keys';
import { studentAnswersAtom } from '../../../state/answers';
import { serviceTokenAtom } from '../../../state/session';
import { useServiceApplication } from '../api/get-service-application';

export const MISSING_SERVICE_TOKEN_MESSAGE = 'This link is incomplete: its service_token is missing. Copy the whole link and try again.';

/** The response last put in place, so the pages render only once it is all there. */
const appliedAtom = atom<ServiceApplicationResponse | null>(null);

export type ServiceViewState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string };

/**
 * Puts an application (a service link's, or the one a staff member opened) where the print widgets
 * already read it: the answers atom, and the query cache under the keys of tabs, add-another counts
 * and document answers. True once this response is all in place.
 */
export function useApplyApplication(data: ServiceApplicationResponse | undefined): boolean {
  const queryClient = useQueryClient();
  const setAnswers = useSetAtom(studentAnswersAtom);
  const [applied, setApplied] = useAtom(appliedAtom);

  // Layout effect: the pages render once, with everything in place, never half-filled.
  useLayoutEffect(() => {
    if (!data) return;
    queryClient.setQueryData(queryKeys.tabChoices(), data.tabs);
    queryClient.setQueryData(queryKeys.addAnotherCounts(), data.add_another);
    queryClient.setQueryData(queryKeys.documentAnswers(), data.document_answer);
    setAnswers(data.answer);
    setApplied(data);
  }, [data, queryClient, setAnswers, setApplied]);
  return applied !== null && applied === data;
}

/** The application a service link opens, put in place (useApplyApplication). */
export function useApplyServiceApplication(): ServiceViewState {
  const serviceToken = useAtomValue(serviceTokenAtom);
  const { data, error } = useServiceApplication();
  const applied = useApplyApplication(data);

  if (!serviceToken) return { status: 'error', message: MISSING_SERVICE_TOKEN_MESSAGE };
  if (error) return { status: 'error', message: errorMessageOf(error) };
  return applied ? { status: 'ready' } : { status: 'loading' };
}
