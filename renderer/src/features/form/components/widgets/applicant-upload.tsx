import { useState } from 'react';
import { Modal } from '../../../../components/ui/modal';
import { formatFileSize, UPLOAD_ACCEPT, useUpload, type AnswerUploadPhase } from '../../../documents';
import { ErrorList, QuestionLabel, describedBy, errorIdOf, fieldClassName, type WidgetProps } from './field-parts';
import { requirementIdOf, UploadRequirement } from './upload-requirement';

// An applicant's upload field with the documents feature behind it (checking, uploading,
// converting, deleting): a chunk of its own, loaded with the pages that ask for a document,
// never with About You (issue 26, item 5; upload.tsx).

const busyText: Partial<Record<AnswerUploadPhase, string>> = {
  validating: 'Checking…',
  uploading: 'Uploading…',
  converting: 'Converting…',
};

const labelIdOf = (key: string) => `${key}-label`;
const chooseIdOf = (key: string) => `${key}-choose`;
const refusalIdOf = (key: string) => `${key}-refusal`;

export function ApplicantUpload({ question, hint, hintId, errors }: WidgetProps) {
  const { phase, document, refusal, deleting, choose, remove } = useUpload(question.key);
  const [confirming, setConfirming] = useState(false);
  const busy = busyText[phase];
  const invalid = refusal !== null || errors.length > 0;
  const labelId = labelIdOf(question.key);
  const refusalId = refusalIdOf(question.key);

  return (
    <div className={fieldClassName(invalid, 'upload')} aria-busy={busy ? true : undefined}>
      <p id={labelId} className="field__label">
        <QuestionLabel question={question} />
      </p>
      {hint}
      <UploadRequirement questionKey={question.key} />
      {phase === 'uploaded' && document ? (
        <div className="upload__file">
          <span id={question.key} tabIndex={-1} className="upload__file-name">
            {document.file_name}
          </span>{' '}
          <span className="upload__file-size">({formatFileSize(document.file_size)})</span>
          <button type="button" className="button button--secondary upload__delete" aria-describedby={question.key} onClick={() => setConfirming(true)}>
            Delete
          </button>
        </div>
      ) : (
        <div className="upload__choose-row">
          <input
            id={question.key}
            name={question.key}
            type="file"
            accept={UPLOAD_ACCEPT}
            className="upload__input"
            disabled={busy !== undefined}
            // WCAG 2.5.3: the name starts with the visible "Choose file", then says which question.
            aria-labelledby={`${chooseIdOf(question.key)} ${labelId}`}
            aria-invalid={invalid}
            aria-describedby={describedBy(
              hintId,
              requirementIdOf(question.key),
              refusal !== null && refusalId,
              errors.length > 0 && errorIdOf(question.key),
            )}
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              // Cleared so choosing the same file again fires a change.
              event.currentTarget.value = '';
              if (files.length > 0) void choose(files);
            }}
          />
          <label id={chooseIdOf(question.key)} htmlFor={question.key} className={busy ? 'button button--primary upload__choose upload__choose--busy' : 'button button--primary upload__choose'}>
            {busy && <span className="upload__spinner" aria-hidden="true" />}
            {busy ?? 'Choose file'}
          </label>
          {busy && (
            <span role="status" className="visually-hidden">
              {busy}
            </span>
          )}
        </div>
      )}
      {/* Always in the page, so each refusal is announced as it comes; polite, as it may come while
          the applicant is already answering another question. It stays until they act. */}
      <div aria-live="polite" aria-atomic="true">
        <ErrorList id={refusalId} messages={refusal === null ? [] : [refusal]} />
      </div>
      <ErrorList id={errorIdOf(question.key)} messages={errors} />
      <Modal isOpen={confirming} onClose={() => setConfirming(false)} title="Delete File" size="xs">
        <p>Are you sure you want to delete your file?</p>
        <div className="form-dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={deleting}
            onClick={() => {
              void remove().then((removed) => {
                if (removed) setConfirming(false);
              });
            }}
          >
            Delete
          </button>
        </div>
      </Modal>
    </div>
  );
}
