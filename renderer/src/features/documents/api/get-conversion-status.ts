import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversionPath, type ConversionStatus, type ConversionStatusResponse } from '../../../../../common/api';
import { CONVERSION_POLL_MS } from '../../../../../common/constants';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Spec platform section 4: these statuses keep polling; the others end the conversion. */
export function isConversionPending(status: ConversionStatus | undefined): boolean {
  return status === 'UNPROCESSED' || status === 'IN_PROGRESS';
}

export function getConversionStatus(answerKey: string): Promise<ConversionStatusResponse> {
  return apiClient.get<ConversionStatusResponse>(conversionPath(answerKey));
}

/** Polls every 2000 ms while pending and stops once done; a failed poll is the upload's failure, not a page error. */
export function getConversionStatusQueryOptions(answerKey: string) {
  return queryOptions({
    queryKey: queryKeys.conversionStatus(answerKey),
    queryFn: () => getConversionStatus(answerKey),
    refetchInterval: (query) => (isConversionPending(query.state.data?.status) ? CONVERSION_POLL_MS : false),
    throwOnError: false,
  });
}

export function useConversionStatus(answerKey: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getConversionStatusQueryOptions(answerKey), enabled });
}
