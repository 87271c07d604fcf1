import { useId } from 'react';
import { UPLOAD_ACCEPT, useDocumentUpload } from '../../documents';

const busyText = { uploading: 'Uploading…', converting: 'Converting…' } as const;

/**
 * The upload of a program document the checklist awaits (issue 28 item 3): the browser's checks,
 * the upload, then its conversion followed until the document is received or refused; a received
 * one reads the checklist again. What happens is said in a live status, never by colour alone.
 */
export function DocumentUpload({ documentKey, label }: { documentKey: string; label: string }) {
  const inputId = useId();
  const { phase, choose } = useDocumentUpload({ kind: 'checklist', documentKey });

  const busy = phase.step === 'uploading' || phase.step === 'converting' ? busyText[phase.step] : null;
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
