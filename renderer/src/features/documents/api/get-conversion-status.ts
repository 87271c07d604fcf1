import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversionPath, type ConversionStatus, type ConversionStatusResponse } from '../../../../../common/api';
import { CONVERSION_POLL_MS } from '../../../../../common/constants';
import { apiClient } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-errors';
import { queryKeys } from '../../../lib/query-keys';

/** Spec platform section 4: these statuses keep polling; the others end the conversion. */
export function isConversionPending(status: ConversionStatus | undefined): boolean {
  return status === 'UNPROCESSED' || status === 'IN_PROGRESS';
}

export function getConversionStatus(answerKey: string): Promise<ConversionStatusResponse> {
  return apiClient.get<ConversionStatusResponse>(conversionPath(answerKey));
}

/**
 * Polls that may fail in a row, each tried again a poll interval later, before the upload fails: a
 * busy server answers 503 with Retry-After and a moving phone loses a request, while the
 * conversion goes on (docs/decisions.md, "A busy server's poll is tried again").
 */
export const CONVERSION_POLL_RETRIES = 3;

/** No answer, or one that says to try again: not the conversion's failure. */
function isPassing(error: unknown): boolean {
  return error instanceof ApiError && [0, 502, 503, 504].includes(error.status);
}

/**
 * How a conversion is followed wherever its status is read (a document of the answers, one sent
 * after submission, a recommender's letter): polled every 2000 ms while pending, stopped once done.
 * A poll that fails is the upload's failure, not a page error, unless it is passing: that one is
 * tried again, up to CONVERSION_POLL_RETRIES times in a row, while the upload still shows as converting.
 */
export function conversionQueryOptions<Key extends readonly unknown[]>(queryKey: Key, read: () => Promise<ConversionStatusResponse>) {
  return queryOptions({
    queryKey,
    queryFn: read,
    refetchInterval: (query) => (isConversionPending(query.state.data?.status) ? CONVERSION_POLL_MS : false),
    retry: (failures, error) => failures < CONVERSION_POLL_RETRIES && isPassing(error),
    retryDelay: CONVERSION_POLL_MS,
    throwOnError: false,
  });
}

/** The conversion of an answer's document. */
export function getConversionStatusQueryOptions(answerKey: string) {
  return conversionQueryOptions(queryKeys.conversionStatus(answerKey), () => getConversionStatus(answerKey));
}

export function useConversionStatus(answerKey: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getConversionStatusQueryOptions(answerKey), enabled });
}
