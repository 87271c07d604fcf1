import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { ConversionStatusResponse, DocumentAnswers } from '../../../../../common/api';
import { showErrorToast } from '../../../components/ui/notifications';
import { queryKeys } from '../../../lib/query-keys';
import { setAnswersAtom } from '../../../state/answer-changes';
import { markSavedAtom } from '../../../state/saved-answers';
import { useSaveAnswers } from '../../answers/hooks/use-save-answers';
import { deleteDocumentAnswer } from '../api/delete-document-answer';
import { isConversionPending, useConversionStatus } from '../api/get-conversion-status';
import { useDocumentAnswers } from '../api/get-document-answers';
import { presign } from '../api/presign';
import { startConversion } from '../api/start-conversion';
import { uploadFile } from '../api/upload-file';
import { checkFiles } from '../check-file';

/** Spec platform section 8: a conversion that fails without a message of its own. */
export const DEFAULT_UPLOAD_FAILURE = 'We could not convert your file. Please try again or upload a PDF.';
/** What the server stores for an answered upload key. */
export const UPLOADED_ANSWER = 'ANSWERED';

export const uploadErrorLabel = (answerKey: string) => `Error uploading file for ${answerKey}`;

export type UploadPhase = 'idle' | 'validating' | 'uploading' | 'converting' | 'uploaded' | 'error';

type Stage = 'validating' | 'uploading' | 'converting' | 'error';

interface Attempt {
  id: number;
  stage: Stage;
  file?: File;
}

/**
 * The upload of one answer key (form-content section 4): idle, validating, uploading, converting,
 * then uploaded or error. The conversion's outcome is read from the polled status rather than
 * copied into state, so what shows is always what the server last said.
 */
export function useUpload(answerKey: string) {
  const queryClient = useQueryClient();
  const save = useSaveAnswers();
  const setAnswers = useSetAtom(setAnswersAtom);
  const markSaved = useSetAtom(markSavedAtom);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [checkMessage, setCheckMessage] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const attempts = useRef(0);
  const handled = useRef(0);

  const converting = attempt?.stage === 'converting';
  const conversion = useConversionStatus(answerKey, { enabled: converting });
  const documents = useDocumentAnswers();
  const status = converting ? conversion.data?.status : undefined;
  const pollError = converting && conversion.isError ? conversion.error : null;

  // The outcome of a conversion, handled once per attempt.
  useEffect(() => {
    if (!attempt || attempt.stage !== 'converting' || handled.current === attempt.id) return;
    const file = attempt.file!;
    if (status === 'COMPLETED') {
      handled.current = attempt.id;
      setAnswers({ [answerKey]: UPLOADED_ANSWER });
      markSaved({ [answerKey]: UPLOADED_ANSWER });
      queryClient.setQueryData<DocumentAnswers>(queryKeys.documentAnswers(), (old) => ({
        ...old,
        [answerKey]: { file_name: file.name, file_size: file.size },
      }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.documentAnswers() });
    } else if (status === 'FAILED' || status === 'NOT_ANSWERED' || pollError) {
      handled.current = attempt.id;
      const message = status === 'FAILED' || status === 'NOT_ANSWERED' ? conversion.data?.message : pollError?.message;
      showErrorToast(uploadErrorLabel(answerKey), message || DEFAULT_UPLOAD_FAILURE);
      setAnswers({ [answerKey]: null });
    }
  }, [attempt, status, pollError, conversion.data?.message, answerKey, queryClient, setAnswers, markSaved]);

  function fail(id: number, error: unknown) {
    const message = error instanceof Error && error.message ? error.message : DEFAULT_UPLOAD_FAILURE;
    showErrorToast(uploadErrorLabel(answerKey), message);
    setAnswers({ [answerKey]: null });
    queryClient.removeQueries({ queryKey: queryKeys.conversionStatus(answerKey) });
    setAttempt((current) => (current?.id === id ? { ...current, stage: 'error' } : current));
  }

  /** Clears the error and the conversion, and has the cached conversion and documents fetched afresh. */
  function reset() {
    setAttempt(null);
    setCheckMessage(null);
    queryClient.removeQueries({ queryKey: queryKeys.conversionStatus(answerKey) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversionStatus(answerKey) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.documentAnswers() });
  }

  async function choose(files: readonly File[]) {
    reset();
    const id = ++attempts.current;
    setAttempt({ id, stage: 'validating' });
    const checked = await checkFiles(files);
    if (!checked.ok) {
      setCheckMessage(checked.message);
      setAttempt(null);
      return;
    }
    const file = checked.file;
    setAttempt({ id, stage: 'uploading', file });
    // Until the server has a status, the upload counts as unprocessed: a tab group waits for it.
    queryClient.setQueryData<ConversionStatusResponse>(queryKeys.conversionStatus(answerKey), { status: 'UNPROCESSED', message: '' });
    try {
      const [upload] = await Promise.all([presign(answerKey), save()]);
      await uploadFile(upload, file, file.name);
      const started = await startConversion(answerKey, { file_key: upload.fields.key ?? '', file_name: file.name });
      queryClient.setQueryData(queryKeys.conversionStatus(answerKey), started);
      // Stale, so the poll starts with a fresh status as soon as it is enabled.
      await queryClient.invalidateQueries({ queryKey: queryKeys.conversionStatus(answerKey) });
      setAttempt({ id, stage: 'converting', file });
    } catch (error) {
      fail(id, error);
    }
  }

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
      reset();
      return true;
    } catch (error) {
      showErrorToast(uploadErrorLabel(answerKey), error instanceof Error && error.message ? error.message : DEFAULT_UPLOAD_FAILURE);
      return false;
    } finally {
      setDeleting(false);
    }
  }

  const failed = attempt?.stage === 'error' || status === 'FAILED' || status === 'NOT_ANSWERED' || pollError !== null;
  const pending = converting && !failed && (status === undefined || isConversionPending(status));
  const document = documents.data?.[answerKey];
  let phase: UploadPhase = 'idle';
  if (failed) phase = 'error';
  else if (attempt?.stage === 'validating' || attempt?.stage === 'uploading') phase = attempt.stage;
  else if (pending) phase = 'converting';
  else if (document) phase = 'uploaded';

  return { phase, document, checkMessage, deleting, choose, remove, reset };
}
