import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConversionStatusResponse, DocumentAnswers } from '../../../../../common/api';
import { DOCUMENT_ANSWERED } from '../../../../../common/form/model/define';
import { showErrorToast } from '../../../components/ui/notifications';
import { queryKeys } from '../../../lib/query-keys';
import { setAnswersAtom } from '../../../state/answers';
import { markSavedAtom, useSaveAnswers } from '../../answers';
import { deleteDocumentAnswer } from '../api/delete-document-answer';
import { getConversionStatusQueryOptions, isConversionPending, useConversionStatus } from '../api/get-conversion-status';
import { useDocumentAnswers } from '../api/get-document-answers';
import { sendDocument } from '../api/upload-target';
import { checkFiles } from '../check-file';
import { DEFAULT_UPLOAD_FAILURE } from '../upload-failure';
import { phaseOf, type UploadAttempt } from '../upload-phase';

export const uploadErrorLabel = (answerKey: string) => `Error uploading file for ${answerKey}`;

/** What the answer's field shows: the shared phase, with the browser's check apart and a received document as its file. */
export type AnswerUploadPhase = 'idle' | 'validating' | 'uploading' | 'converting' | 'uploaded' | 'error';

type Stage = 'validating' | 'uploading' | 'converting';

interface Attempt {
  id: number;
  stage: Stage;
  /** The file sent; none for a conversion found under way on mount. */
  file?: File;
}

/** This attempt as the shared phase reads it: a refusal met while choosing, sending (the check too), or a file sent. */
function attemptOf(attempt: Attempt | null, choiceRefusal: string | null): UploadAttempt {
  if (choiceRefusal !== null) return { step: 'failed', message: choiceRefusal };
  if (attempt === null) return { step: 'idle' };
  return attempt.stage === 'converting' ? { step: 'sent' } : { step: 'uploading' };
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : DEFAULT_UPLOAD_FAILURE);

/**
 * The upload of one answer key (form-content section 4): idle, validating, uploading, converting,
 * then uploaded or error. The conversion's outcome is read from its status rather than copied into
 * state, so what shows is always what the server last said. A refusal (the browser's check, an
 * upload that could not be sent, the server's conversion message) stays until the applicant acts:
 * chooses another file or deletes.
 */
export function useUpload(answerKey: string) {
  const queryClient = useQueryClient();
  const save = useSaveAnswers();
  const setAnswers = useSetAtom(setAnswersAtom);
  const markSaved = useSetAtom(markSavedAtom);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  /** A refusal met while choosing: the browser's check, or an upload that could not be sent. */
  const [choiceRefusal, setChoiceRefusal] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const attempts = useRef(0);
  const handled = useRef(0);

  const converting = attempt?.stage === 'converting';
  const conversion = useConversionStatus(answerKey, { enabled: converting });
  const documents = useDocumentAnswers();
  const status = converting ? conversion.data?.status : undefined;
  const pollError = converting && conversion.isError ? conversion.error : null;
  // FAILED whenever it is known (also from a visit before); NOT_ANSWERED only as the end of an attempt.
  const conversionRefusal =
    conversion.data?.status === 'FAILED' || status === 'NOT_ANSWERED' ? conversion.data?.message || DEFAULT_UPLOAD_FAILURE : null;

  /** A failure of the server or the network also goes to a toast (spec section 4) and clears the answer. */
  const announceFailure = useCallback(
    (message: string) => {
      showErrorToast(uploadErrorLabel(answerKey), message);
      setAnswers({ [answerKey]: null });
    },
    [answerKey, setAnswers],
  );

  // What the server last said of this key, read on mount: a FAILED conversion from an earlier visit
  // shows until the applicant acts on it, and a conversion still under way is followed to its end.
  useEffect(() => {
    let mounted = true;
    queryClient.fetchQuery({ ...getConversionStatusQueryOptions(answerKey), staleTime: 0 }).then(
      ({ status: found }) => {
        if (mounted && attempts.current === 0 && isConversionPending(found)) setAttempt({ id: ++attempts.current, stage: 'converting' });
      },
      // Nothing to show: the applicant has not acted here yet.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [answerKey, queryClient]);

  // The outcome of a conversion, handled once per attempt.
  useEffect(() => {
    if (!attempt || attempt.stage !== 'converting' || handled.current === attempt.id) return;
    const { file } = attempt;
    if (status === 'COMPLETED') {
      handled.current = attempt.id;
      setAnswers({ [answerKey]: DOCUMENT_ANSWERED });
      markSaved({ [answerKey]: DOCUMENT_ANSWERED });
      if (file) {
        queryClient.setQueryData<DocumentAnswers>(queryKeys.documentAnswers(), (old) => ({
          ...old,
          [answerKey]: { file_name: file.name, file_size: file.size },
        }));
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.documentAnswers() });
    } else if (conversionRefusal !== null) {
      handled.current = attempt.id;
      announceFailure(conversionRefusal);
    } else if (pollError) {
      // A poll that failed ends the attempt: recorded as its status, so polling stops, a tab group
      // stops waiting, and the message stays (handled on the next run).
      queryClient.setQueryData<ConversionStatusResponse>(queryKeys.conversionStatus(answerKey), { status: 'FAILED', message: messageOf(pollError) });
    }
  }, [attempt, status, conversionRefusal, pollError, answerKey, queryClient, setAnswers, markSaved, announceFailure]);

  /** Clears the refusal and the conversion, and has the cached conversion and documents fetched afresh. */
  function reset() {
    setAttempt(null);
    setChoiceRefusal(null);
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
      setChoiceRefusal(checked.message);
      setAttempt(null);
      return;
    }
    const file = checked.file;
    setAttempt({ id, stage: 'uploading', file });
    // Until the server has a status, the upload counts as unprocessed: a tab group waits for it.
    queryClient.setQueryData<ConversionStatusResponse>(queryKeys.conversionStatus(answerKey), { status: 'UNPROCESSED', message: '' });
    try {
      const started = await sendDocument({ kind: 'answer', answerKey }, file, save);
      queryClient.setQueryData(queryKeys.conversionStatus(answerKey), started);
      // Stale, so the poll starts with a fresh status as soon as it is enabled.
      await queryClient.invalidateQueries({ queryKey: queryKeys.conversionStatus(answerKey) });
      setAttempt({ id, stage: 'converting', file });
    } catch (error) {
      queryClient.removeQueries({ queryKey: queryKeys.conversionStatus(answerKey) });
      announceFailure(messageOf(error));
      setChoiceRefusal(messageOf(error));
      setAttempt(null);
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
      showErrorToast(uploadErrorLabel(answerKey), messageOf(error));
      return false;
    } finally {
      setDeleting(false);
    }
  }

  const document = documents.data?.[answerKey];
  const shown = phaseOf(attemptOf(attempt, choiceRefusal), { data: conversion.data, error: pollError }, true);
  let phase: AnswerUploadPhase = shown.step === 'failed' ? 'error' : shown.step === 'received' ? 'idle' : shown.step;
  if (attempt?.stage === 'validating') phase = 'validating';
  else if (phase === 'idle' && document) phase = 'uploaded';

  return { phase, document, refusal: shown.step === 'failed' ? shown.message : null, deleting, choose, remove };
}
