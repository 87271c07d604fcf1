import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { apiPaths, type ApplicationPdfResponse, type ApplicationPdfStatus } from '../../../../../common/api';
import { applicationPdfMessages } from '../../../../../common/application-pdf-messages';
import { PDF_STATUS_POLL_MS, PDF_STATUS_SLOW_POLL_MS } from '../../../../../common/constants';
import { apiClient } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-errors';
import { queryKeys } from '../../../lib/query-keys';
import { isLoggedInAtom } from '../../../state/session';

/** Spec platform section 4: a FAILED generation throws, to the error boundary. */
export class ApplicationPdfFailedError extends ApiError {
  constructor() {
    super(applicationPdfMessages.failed, 200);
  }
}

/** Spec platform section 4: these statuses keep the fast poll. */
export function isApplicationPdfPending(status: ApplicationPdfStatus | undefined): boolean {
  return status === undefined || status === 'UNPROCESSED' || status === 'IN_PROGRESS';
}

export async function getApplicationPdf(): Promise<ApplicationPdfResponse> {
  const response = await apiClient.get<ApplicationPdfResponse>(apiPaths.pdf);
  if (response.status === 'FAILED') throw new ApplicationPdfFailedError();
  return response;
}

/**
 * Polls every second while the PDF is being made, then every ten minutes (spec platform section
 * 9): a later change of the answers makes a new PDF, which the slow poll picks up.
 */
export function getApplicationPdfQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.applicationPdf(),
    queryFn: getApplicationPdf,
    refetchInterval: (query) => (isApplicationPdfPending(query.state.data?.status) ? PDF_STATUS_POLL_MS : PDF_STATUS_SLOW_POLL_MS),
    // Answers may have changed since the last visit: ask again whenever a page shows the link.
    refetchOnMount: 'always',
  });
}

export function useApplicationPdf() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  return useQuery({ ...getApplicationPdfQueryOptions(), enabled: isLoggedIn });
}
