import { fillPath, type ConversionStatusResponse, type PresignedUpload, type StartConversionRequest } from '../../../../../common/api';
import { recommendationPaths } from '../../../../../common/recommendation-api';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { conversionQueryOptions } from '../../documents';

/** POST /public/recommendation/:token/letter-upload: where and how to upload the letter as a document. */
export function presignLetter(token: string): Promise<PresignedUpload> {
  return apiClient.post<PresignedUpload>(fillPath(recommendationPaths.recommenderLetterUpload, { token }));
}

/** POST /public/recommendation/:token/letter-file: converts the uploaded letter (202 with its status). */
export function startLetterConversion(token: string, body: StartConversionRequest): Promise<ConversionStatusResponse> {
  return apiClient.post<ConversionStatusResponse>(fillPath(recommendationPaths.recommenderLetterFile, { token }), body);
}

/** GET /public/recommendation/:token/letter-file: how the conversion of the uploaded letter stands. */
export function letterConversionStatus(token: string): Promise<ConversionStatusResponse> {
  return apiClient.get<ConversionStatusResponse>(fillPath(recommendationPaths.recommenderLetterFile, { token }));
}

/** The uploaded letter's conversion, followed as every conversion is (busy answers tried again). */
export function getLetterConversionQueryOptions(token: string) {
  return conversionQueryOptions(queryKeys.recommenderLetterConversion(token), () => letterConversionStatus(token));
}
