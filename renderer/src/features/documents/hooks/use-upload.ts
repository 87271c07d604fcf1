import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { DocumentAnswers } from '../../../../../common/api';
import { DOCUMENT_ANSWERED } from '../../../../../common/form/model/define';
import { showErrorToast } from '../../../components/ui/notifications';
import { queryKeys } from '../../../lib/query-keys';
import { setAnswersAtom } from '../../answers/typed-answers';
import { markSavedAtom, useSaveAnswers } from '../../answers';
import { deleteDocumentAnswer } from '../api/delete-document-answer';
import { useDocumentAnswers } from '../api/get-document-answers';
import { uploadFailureOf } from '../upload-failure';
import { useDocumentUpload } from './use-document-upload';

export const uploadErrorLabel = (answerKey: string) => `Error uploading file for ${answerKey}`;

/** What the answer's field shows: the shared phase, with the browser's check apart and a received document as its file. */
export type AnswerUploadPhase = 'idle' | 'validating' | 'uploading' | 'converting' | 'uploaded' | 'error';

/**
 * The upload of one answer key (form-content section 4): idle, validating, uploading, converting,
 * then uploaded or error, through the one upload state machine (useDocumentUpload). What only an
 * answer does is here: its save alongside the presign, the answer set and marked saved once the
 * document is received, a failure of the server or the network toasted and the answer cleared, and
 * deleting. A refusal (the browser's check, an upload that could not be sent, the server's
 * conversion message) stays until the applicant acts: chooses another file or deletes.
 */
export function useUpload(answerKey: string) {
  const queryClient = useQueryClient();
  const save = useSaveAnswers();
  const setAnswers = useSetAtom(setAnswersAtom);
  const markSaved = useSetAtom(markSavedAtom);
  const [deleting, setDeleting] = useState(false);
  const documents = useDocumentAnswers();
  const upload = useDocumentUpload(
    { kind: 'answer', answerKey },
    {
      alongside: save,
      onReceived: (file) => {
        setAnswers({ [answerKey]: DOCUMENT_ANSWERED });
        markSaved({ [answerKey]: DOCUMENT_ANSWERED });
        if (file) {
          queryClient.setQueryData<DocumentAnswers>(queryKeys.documentAnswers(), (old) => ({
            ...old,
            [answerKey]: { file_name: file.name, file_size: file.size },
          }));
        }
      },
      // A failure of the server or the network also goes to a toast (spec section 4) and clears the answer.
      onRefused: (message) => {
        showErrorToast(uploadErrorLabel(answerKey), message);
        setAnswers({ [answerKey]: null });
      },
    },
  );

  /** Deletes the stored document and its conversion, and forgets the answer. */
  async function remove(): Promise<boolean> {
    setDeleting(true);
    try {
      await deleteDocumentAnswer(answerKey);
      setAnswers({ [answerKey]: null });
      markSaved({ [answerKey]: null });
      queryClient.setQueryData<DocumentAnswers>(queryKeys.documentAnswers(), (old) => {
        const next = { ...old };
        delete next[answerKey];
        return next;
      });
      upload.forget();
      return true;
    } catch (error) {
      showErrorToast(uploadErrorLabel(answerKey), uploadFailureOf(error));
      return false;
    } finally {
      setDeleting(false);
    }
  }

  const document = documents.data?.[answerKey];
  const shown = upload.phase;
  let phase: AnswerUploadPhase = shown.step === 'failed' ? 'error' : shown.step === 'received' ? 'idle' : shown.step;
  if (upload.validating) phase = 'validating';
  else if (phase === 'idle' && document) phase = 'uploaded';
  const refusal = shown.step === 'failed' && !upload.validating ? shown.message : null;

  return { phase, document, refusal, deleting, choose: upload.choose, remove };
}
