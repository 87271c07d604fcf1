import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { ConversionStatusResponse, PresignedUpload } from '../../../../../common/api';
import type { LetterReceipt } from '../../../../../common/recommendation-api';
import { errorMessageOf } from '../../../lib/api-errors';
import { DEFAULT_UPLOAD_FAILURE, UPLOAD_ACCEPT, checkFiles, formatFileSize, isConversionPending, uploadFile } from '../../documents';
import { getLetterConversionQueryOptions, presignLetter, startLetterConversion } from '../api/letter-file';

/**
 * This visit's part: a file chosen and not yet sent, sending it, a file sent (its conversion then
 * says the rest), or a refusal before the server had it.
 */
type Attempt = { step: 'idle' } | { step: 'chosen' } | { step: 'uploading' } | { step: 'sent' } | { step: 'refused'; message: string };
type Phase = { step: 'idle' | 'chosen' | 'uploading' | 'converting' | 'received' } | { step: 'refused'; message: string };

const PROGRESS: Record<'uploading' | 'converting', string> = {
  uploading: 'Uploading your letter…',
  converting: 'Converting your letter to PDF…',
};

/** What shows: the sending or its refusal, else the sent file's conversion as the server last said it. */
function phaseOf(attempt: Attempt, conversion: { data?: ConversionStatusResponse; error: unknown }): Phase {
  if (attempt.step !== 'sent') return attempt;
  if (conversion.error) return { step: 'refused', message: errorMessageOf(conversion.error) };
  const status = conversion.data?.status;
  if (status === 'COMPLETED') return { step: 'received' };
  if (status === undefined || isConversionPending(status)) return { step: 'converting' };
  return { step: 'refused', message: conversion.data?.message || DEFAULT_UPLOAD_FAILURE };
}

/** A letter received, with the name of the file it came as. */
export type FileReceipt = LetterReceipt & { fileName: string };

interface LetterUploadProps {
  token: string;
  /** The section's heading: a first letter's, or a replacement's. */
  title?: string;
  /** The conversion completed: the letter is received. */
  onReceived: (receipt: FileReceipt) => void;
}

/**
 * The letter as a document (issue 28 item 2): the same checks in the browser as every upload, then
 * the server's own checks and conversion, followed as every conversion is (a busy server's or a lost
 * poll tried again); the letter is received once the conversion completes. A refusal says why in an
 * alert and the recommender may choose another file (or type the letter). A chosen file is named,
 * with its size, and sent only at Send; Choose another opens the picker again (issue 33, item 6).
 */
export function LetterUpload({ token, title = 'Or send your letter as a file', onReceived }: LetterUploadProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState<Attempt>({ step: 'idle' });
  const [chosen, setChosen] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const options = getLetterConversionQueryOptions(token);
  const conversion = useQuery({ ...options, enabled: attempt.step === 'sent' });
  const phase = phaseOf(attempt, conversion);
  const received = phase.step === 'received';
  const fileName = chosen?.name ?? '';
  useEffect(() => {
    if (received) onReceived({ received_at: new Date().toISOString(), fileName });
  }, [received, onReceived, fileName]);

  async function send(file: File) {
    setAttempt({ step: 'uploading' });
    const upload: PresignedUpload = await presignLetter(token);
    await uploadFile(upload, file, file.name);
    const started = await startLetterConversion(token, { file_key: upload.fields.key!, file_name: file.name });
    // The conversion's first status is the start's answer; the polls follow from there.
    queryClient.setQueryData(options.queryKey, started);
    setAttempt({ step: 'sent' });
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const field = event.currentTarget;
    const files = Array.from(field.files ?? []);
    // A picker closed without a choice keeps the file chosen before.
    if (files.length === 0) return;
    const checked = await checkFiles(files);
    if (!checked.ok) {
      // The same file chosen again after a refusal is a new choice.
      field.value = '';
      setChosen(null);
      return setAttempt({ step: 'refused', message: checked.message });
    }
    setChosen(checked.file);
    setAttempt({ step: 'chosen' });
  }

  async function sendChosen() {
    if (!chosen) return;
    try {
      await send(chosen);
    } catch (error) {
      setAttempt({ step: 'refused', message: errorMessageOf(error) });
    }
  }

  const busy = phase.step === 'uploading' || phase.step === 'converting' ? PROGRESS[phase.step] : null;
  return (
    <section className="letter-upload" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`}>{title}</h3>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Your letter as a file
        </label>
        <p id={hintId} className="field__hint">
          A PDF, a Word document or a photo of the signed letter, up to 1 MB. We convert it to PDF for the admissions office.
        </p>
        <input ref={input} id={inputId} type="file" className="field__input" accept={UPLOAD_ACCEPT} aria-describedby={hintId} disabled={busy !== null} onChange={(event) => void choose(event)} />
      </div>
      {phase.step === 'chosen' && chosen && (
        <div className="letter-upload__chosen">
          <p role="status" aria-label="Chosen file">
            {`Chosen: ${chosen.name} (${formatFileSize(chosen.size)})`}
          </p>
          <div className="letter-upload__actions">
            <button type="button" className="button button--primary" onClick={() => void sendChosen()}>
              Send
            </button>
            <button type="button" className="button button--secondary" onClick={() => input.current?.click()}>
              Choose another
            </button>
          </div>
        </div>
      )}
      <p role="status">{busy ?? ''}</p>
      {phase.step === 'refused' && (
        <p className="field__errors" role="alert">
          {`Your file was not sent: ${phase.message}`}
        </p>
      )}
    </section>
  );
}
