import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { checklistDocumentAnswerKey } from '../../../../../common/checklist-api';
import { errorMessageOf } from '../../../lib/api-errors';
import { queryKeys } from '../../../lib/query-keys';
import { checkFiles, getConversionStatusQueryOptions, isConversionPending, UPLOAD_ACCEPT } from '../../documents';
import { sendChecklistDocument } from '../api/send-checklist-document';

/** Spec platform section 8: a conversion that fails without a message of its own. */
const CONVERSION_FAILED = 'We could not convert your file. Please try again or upload a PDF.';

type Attempt = { step: 'idle' } | { step: 'sending' } | { step: 'converting' } | { step: 'failed'; message: string };
type Phase = Attempt | { step: 'received' };

const busyText = { sending: 'Uploading…', converting: 'Converting…' } as const;

/**
 * The upload of a program document the checklist awaits (issue 28 item 3): the browser's checks,
 * the upload, then its conversion followed until the document is received or refused; either
 * reads the checklist again. What happens is said in a live status, never by colour alone.
 */
export function DocumentUpload({ documentKey, label }: { documentKey: string; label: string }) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const answerKey = checklistDocumentAnswerKey(documentKey);
  const [attempt, setAttempt] = useState<Attempt>({ step: 'idle' });
  const conversion = useQuery({ ...getConversionStatusQueryOptions(answerKey), enabled: attempt.step === 'converting' });
  const status = conversion.data?.status;

  // The conversion's outcome is read from its status, so what shows is what the server last said.
  let phase: Phase = attempt;
  if (attempt.step === 'converting') {
    if (status === 'COMPLETED') phase = { step: 'received' };
    else if (conversion.isError) phase = { step: 'failed', message: errorMessageOf(conversion.error) };
    else if (status !== undefined && !isConversionPending(status)) phase = { step: 'failed', message: conversion.data?.message || CONVERSION_FAILED };
  }
  const ended = attempt.step === 'converting' && (phase.step === 'received' || phase.step === 'failed');
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: queryKeys.checklist() });
  }, [ended, queryClient]);

  async function choose(files: File[]) {
    const checked = await checkFiles(files);
    if (!checked.ok) return setAttempt({ step: 'failed', message: checked.message });
    setAttempt({ step: 'sending' });
    try {
      const started = await sendChecklistDocument(documentKey, checked.file);
      queryClient.setQueryData(queryKeys.conversionStatus(answerKey), started);
      await queryClient.invalidateQueries({ queryKey: queryKeys.conversionStatus(answerKey) });
      setAttempt({ step: 'converting' });
    } catch (error) {
      setAttempt({ step: 'failed', message: errorMessageOf(error) });
    }
  }

  const busy = phase.step === 'sending' || phase.step === 'converting' ? busyText[phase.step] : null;
  return (
    <div className="field upload" aria-busy={busy ? true : undefined}>
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
