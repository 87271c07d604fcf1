import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { LetterReceipt } from '../../../../../common/recommendation-api';
import { errorMessageOf } from '../../../lib/api-errors';
import { DEFAULT_UPLOAD_FAILURE, UPLOAD_ACCEPT, checkFiles, uploadFile } from '../../documents';
import { letterConversionStatus, presignLetter, startLetterConversion } from '../api/letter-file';

/** How often the conversion's status is asked while it runs. */
export const LETTER_POLL_MS = 1_000;


type Phase = { kind: 'idle' } | { kind: 'uploading' } | { kind: 'converting' } | { kind: 'refused'; message: string };

const PROGRESS: Record<'uploading' | 'converting', string> = {
  uploading: 'Uploading your letter…',
  converting: 'Converting your letter to PDF…',
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LetterUploadProps {
  token: string;
  /** The conversion completed: the letter is received. */
  onReceived: (receipt: LetterReceipt) => void;
}

/**
 * The letter as a document (issue 28 item 2): the same checks in the browser as every upload, then
 * the server's own checks and conversion; the letter is received once the conversion completes. A
 * refusal says why in an alert and the recommender may choose another file (or type the letter).
 */
export function LetterUpload({ token, onReceived }: LetterUploadProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function send(file: File) {
    setPhase({ kind: 'uploading' });
    const upload = await presignLetter(token);
    await uploadFile(upload, file, file.name);
    setPhase({ kind: 'converting' });
    let status = await startLetterConversion(token, { file_key: upload.fields.key!, file_name: file.name });
    while (mounted.current && status.status !== 'COMPLETED' && status.status !== 'FAILED' && status.status !== 'NOT_ANSWERED') {
      await wait(LETTER_POLL_MS);
      status = await letterConversionStatus(token);
    }
    if (!mounted.current) return;
    if (status.status === 'COMPLETED') onReceived({ received_at: new Date().toISOString() });
    else setPhase({ kind: 'refused', message: status.message || DEFAULT_UPLOAD_FAILURE });
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const checked = await checkFiles(Array.from(input.files ?? []));
    // The same file chosen again after a refusal is a new choice.
    input.value = '';
    if (!checked.ok) return setPhase({ kind: 'refused', message: checked.message });
    try {
      await send(checked.file);
    } catch (error) {
      if (mounted.current) setPhase({ kind: 'refused', message: errorMessageOf(error) });
    }
  }

  const busy = phase.kind === 'uploading' || phase.kind === 'converting';
  return (
    <section className="letter-upload" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`}>Or send your letter as a file</h3>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Your letter as a file
        </label>
        <p id={hintId} className="field__hint">
          A PDF, a Word document or a photo of the signed letter, up to 1 MB. We convert it to PDF for the admissions office.
        </p>
        <input id={inputId} type="file" className="field__input" accept={UPLOAD_ACCEPT} aria-describedby={hintId} disabled={busy} onChange={(event) => void choose(event)} />
      </div>
      <p role="status">{busy ? PROGRESS[phase.kind] : ''}</p>
      {phase.kind === 'refused' && (
        <p className="field__errors" role="alert">
          {`Your file was not sent: ${phase.message}`}
        </p>
      )}
    </section>
  );
}
