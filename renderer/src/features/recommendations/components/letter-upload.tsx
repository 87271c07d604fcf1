import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { LetterReceipt } from '../../../../../common/recommendation-api';
import { UPLOAD_ACCEPT, formatFileSize, useDocumentUpload } from '../../documents';

const PROGRESS: Record<'uploading' | 'converting', string> = {
  uploading: 'Uploading your letter…',
  converting: 'Converting your letter to PDF…',
};

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
  const { phase, check, send } = useDocumentUpload({ kind: 'letter', token });
  const [chosen, setChosen] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const received = phase.step === 'received';
  const fileName = chosen?.name ?? '';
  useEffect(() => {
    if (received) onReceived({ received_at: new Date().toISOString(), fileName });
  }, [received, onReceived, fileName]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const field = event.currentTarget;
    const files = Array.from(field.files ?? []);
    // A picker closed without a choice keeps the file chosen before.
    if (files.length === 0) return;
    const file = await check(files);
    // The same file chosen again after a refusal is a new choice.
    if (!file) field.value = '';
    setChosen(file);
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
      {phase.step === 'idle' && chosen && (
        <div className="letter-upload__chosen">
          <p role="status" aria-label="Chosen file">
            {`Chosen: ${chosen.name} (${formatFileSize(chosen.size)})`}
          </p>
          <div className="letter-upload__actions">
            <button type="button" className="button button--primary" onClick={() => void send(chosen)}>
              Send
            </button>
            <button type="button" className="button button--secondary" onClick={() => input.current?.click()}>
              Choose another
            </button>
          </div>
        </div>
      )}
      <p role="status">{busy ?? ''}</p>
      {phase.step === 'failed' && (
        <p className="field__errors" role="alert">
          {`Your file was not sent: ${phase.message}`}
        </p>
      )}
    </section>
  );
}
