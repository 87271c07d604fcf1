import type { ConversionStatusResponse } from '../../../../common/api';
import { errorMessageOf } from '../../lib/api-errors';
import { isConversionPending } from './api/get-conversion-status';
import { DEFAULT_UPLOAD_FAILURE } from './upload-failure';

/** This visit's part: nothing yet, sending a file, a file sent (its conversion then says the rest), or a refusal before the server had it. */
export type UploadAttempt = { step: 'idle' } | { step: 'uploading' } | { step: 'sent' } | { step: 'failed'; message: string };

/** What shows of an upload, wherever a document is sent (an answer, a checklist item, a letter). */
export type UploadPhase = { step: 'idle' | 'uploading' | 'converting' | 'received' } | { step: 'failed'; message: string };

/**
 * What shows: this visit's sending or refusal, else the conversion's status as the server last said
 * it. `readsEarlier`: a status from an earlier visit shows too (one under way is followed, a refusal
 * stays until another file is chosen); without it only a file sent in this visit is followed. A
 * file sent is refused by a poll that failed (after the passing failures tried again), by FAILED,
 * or by a status that is neither pending nor done.
 */
export function phaseOf(attempt: UploadAttempt, conversion: { data?: ConversionStatusResponse; error: unknown }, readsEarlier: boolean): UploadPhase {
  if (attempt.step === 'uploading' || attempt.step === 'failed') return attempt;
  const sent = attempt.step === 'sent';
  if (!sent && !readsEarlier) return { step: 'idle' };
  if (sent && conversion.error) return { step: 'failed', message: errorMessageOf(conversion.error) };
  const status = conversion.data?.status;
  if (status === 'COMPLETED') return { step: 'received' };
  if (status !== undefined && isConversionPending(status)) return { step: 'converting' };
  if (status === 'FAILED' || (sent && status !== undefined)) return { step: 'failed', message: conversion.data?.message || DEFAULT_UPLOAD_FAILURE };
  return sent ? { step: 'converting' } : { step: 'idle' };
}
