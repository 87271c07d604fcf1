import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { ConversionStatusResponse } from '../../../../../common/api';
import { checklistDocumentAnswerKey } from '../../../../../common/checklist-api';
import { errorMessageOf } from '../../../lib/api-errors';
import { queryKeys } from '../../../lib/query-keys';
import { checkFiles, DEFAULT_UPLOAD_FAILURE, isConversionPending, UPLOAD_ACCEPT } from '../../documents';
import { getChecklistDocumentStatusQueryOptions, sendChecklistDocument } from '../api/send-checklist-document';

/** This visit's part: sending a file, a file sent (its conversion then says the rest), or a refusal before the server had it. */
type Attempt = { step: 'idle' } | { step: 'sending' } | { step: 'sent' } | { step: 'failed'; message: string };
type Phase = { step: 'idle' | 'sending' | 'converting' | 'received' } | { step: 'failed'; message: string };

const busyText = { sending: 'Uploading…', converting: 'Converting…' } as const;

/**
 * What shows: this visit's sending or refusal, else the conversion's status as the server last
 * said it, also from an earlier visit (one under way is followed, a refusal stays until another
 * file is chosen).
 */
function phaseOf(attempt: Attempt, conversion: { data?: ConversionStatusResponse; error: unknown }): Phase {
  if (attempt.step === 'sending' || attempt.step === 'failed') return attempt;
  const status = conversion.data?.status;
  if (status === 'COMPLETED') return { step: 'received' };
  if (status === 'FAILED') return { step: 'failed', message: conversion.data?.message || DEFAULT_UPLOAD_FAILURE };
  if (status !== undefined && isConversionPending(status)) return { step: 'converting' };
  if (attempt.step !== 'sent') return { step: 'idle' };
  if (conversion.error) return { step: 'failed', message: errorMessageOf(conversion.error) };
  return status === undefined ? { step: 'converting' } : { step: 'failed', message: DEFAULT_UPLOAD_FAILURE };
}

/**
 * The upload of a program document the checklist awaits (issue 28 item 3): the browser's checks,
 * the upload, then its conversion followed until the document is received or refused; a received
 * one reads the checklist again. What happens is said in a live status, never by colour alone.
 */
export function DocumentUpload({ documentKey, label }: { documentKey: string; label: string }) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const answerKey = checklistDocumentAnswerKey(documentKey);
  const [attempt, setAttempt] = useState<Attempt>({ step: 'idle' });
  const conversion = useQuery(getChecklistDocumentStatusQueryOptions(documentKey));
  const phase = phaseOf(attempt, conversion);
  const received = phase.step === 'received';
  useEffect(() => {
    if (received) void queryClient.invalidateQueries({ queryKey: queryKeys.checklist() });
  }, [received, queryClient]);

  async function choose(files: File[]) {
    const checked = await checkFiles(files);
    if (!checked.ok) return setAttempt({ step: 'failed', message: checked.message });
    setAttempt({ step: 'sending' });
    try {
      const started = await sendChecklistDocument(documentKey, checked.file);
      queryClient.setQueryData(queryKeys.conversionStatus(answerKey), started);
      await queryClient.invalidateQueries({ queryKey: queryKeys.conversionStatus(answerKey) });
      setAttempt({ step: 'sent' });
    } catch (error) {
      setAttempt({ step: 'failed', message: errorMessageOf(error) });
    }
  }

  const busy = phase.step === 'sending' || phase.step === 'converting' ? busyText[phase.step] : null;
  return (
    <div className={phase.step === 'failed' ? 'field field--invalid' : 'field'} aria-busy={busy ? true : undefined}>
      <label className="field__label" htmlFor={inputId}>
        {`Upload your ${label.toLowerCase()}`}
      </label>
      <input
        id={inputId}
        type="file"
        accept={UPLOAD_ACCEPT}
        className="field__input"
        aria-invalid={phase.step === 'failed'}
        aria-describedby={`${inputId}-status`}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          // The input keeps the focus while the file goes; a second choice waits for the first.
          if (files.length > 0 && busy === null) void choose(files);
        }}
      />
      <p id={`${inputId}-status`} role="status" className={phase.step === 'failed' ? 'field__errors' : undefined}>
        {busy ?? ''}
        {phase.step === 'received' && 'Received: your document is with the admissions office.'}
        {phase.step === 'failed' && `Not received: ${phase.message}`}
      </p>
    </div>
  );
}
