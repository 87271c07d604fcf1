import { conversionPath, type ConversionStatusResponse, type StartConversionRequest } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';

/** POST /api/pdf/document-answer/{key}: convert the uploaded object to the answer's PDF. */
export function startConversion(answerKey: string, body: StartConversionRequest): Promise<ConversionStatusResponse> {
  return apiClient.post<ConversionStatusResponse>(conversionPath(answerKey), body);
}
