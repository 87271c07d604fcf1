import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ConversionStatusResponse } from '../../../../../common/api';
import { errorMessageOf } from '../../../lib/api-errors';
import { isConversionPending } from '../api/get-conversion-status';
import { receivedInvalidates, sendDocument, uploadConversionQueryOptions, type UploadTarget } from '../api/upload-target';
import { checkFiles } from '../check-file';
import { uploadFailureOf } from '../upload-failure';
import { phaseOf, type UploadAttempt } from '../upload-phase';

/** What only some targets do besides the upload (an answer: its save, its answer set or cleared, its toast). */
export interface DocumentUploadCallbacks {
  /** Runs alongside the presign (an answer's save). */
  alongside?: () => Promise<unknown>;
  /** The conversion this visit followed ended received; the file sent, none for one found under way on mount. */
  onReceived?: (file: File | undefined) => void;
  /** The upload could not be sent, or the conversion this visit followed was refused (not the browser's check). */
  onRefused?: (message: string) => void;
}

/** This visit's attempt; `id` tells one attempt's outcome from the next, `file` is the file sent. */
interface Attempt {
  state: UploadAttempt;
  id: number;
  file?: File;
}

/**
 * The upload of one document (issue 36 item 3): the browser's checks, the upload, then its
 * conversion followed until the document is received or refused; once received, what shows it is
 * read again. A checklist item reads its conversion also from an earlier visit; a letter follows
 * only the file sent in this visit (its page knows a letter received before). An answer reads its
 * status afresh on mount and follows one still under way as this visit's own; its status is what
 * a tab group waits on, so it counts as UNPROCESSED from the send on and a failed poll is recorded
 * as FAILED; a new choice starts from nothing (the earlier refusal and conversion forgotten).
 */
export function useDocumentUpload(target: UploadTarget, callbacks: DocumentUploadCallbacks = {}) {
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState<Attempt>({ state: { step: 'idle' }, id: 0 });
  const [validating, setValidating] = useState(false);
  const attempts = useRef(0);
  const handled = useRef(0);
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  const options = uploadConversionQueryOptions(target);
  const answer = target.kind === 'answer';
  const readsEarlier = target.kind !== 'letter';
  const followed = attempt.state.step === 'sent';
  // An answer's earlier status is read once on mount (below); a checklist item's is followed throughout.
  const conversion = useQuery({ ...options, enabled: (readsEarlier && !answer) || followed });
  const phase = phaseOf(attempt.state, conversion, readsEarlier);
  const failureOf = answer ? uploadFailureOf : errorMessageOf;
  const invalidates = receivedInvalidates(target);

  // An answer's status as the server last says it, read on mount: a conversion still under way is followed to its end.
  useEffect(() => {
    if (!answer) return;
    let mounted = true;
    queryClient.fetchQuery({ ...options, staleTime: 0 }).then(
      ({ status: found }) => {
        if (mounted && attempts.current === 0 && isConversionPending(found)) setAttempt({ state: { step: 'sent' }, id: ++attempts.current });
      },
      // Nothing to show: the applicant has not acted here yet.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per target, not each time a render builds its options anew
  }, [answer, queryClient, JSON.stringify(options.queryKey)]);

  // The outcome of a followed conversion, handled once per attempt; a received document is read again.
  const refusal = phase.step === 'failed' ? phase.message : null;
  useEffect(() => {
    if (phase.step === 'received') {
      if (followed) {
        if (handled.current === attempt.id) return;
        handled.current = attempt.id;
        latest.current.onReceived?.(attempt.file);
      } else if (answer) return; // an answer's document received on an earlier visit is already shown
      for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
    } else if (followed && refusal !== null) {
      if (conversion.error) {
        // An answer's failed poll ends the attempt: recorded as its status, so polling stops, a tab
        // group stops waiting, and the message stays (handled on the next run).
        if (answer) queryClient.setQueryData<ConversionStatusResponse>(options.queryKey, { status: 'FAILED', message: failureOf(conversion.error) });
        return;
      }
      if (handled.current === attempt.id) return;
      handled.current = attempt.id;
      latest.current.onRefused?.(refusal);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a change of outcome, not each time a render builds the target anew
  }, [phase.step, refusal, followed, attempt, conversion.error, queryClient]);

  /** Forgets this visit's attempt and refusal; an answer's cached conversion and documents are fetched afresh. */
  function forget() {
    setAttempt({ state: { step: 'idle' }, id: attempt.id });
    if (!answer) return;
    queryClient.removeQueries({ queryKey: options.queryKey });
    void queryClient.invalidateQueries({ queryKey: options.queryKey });
    for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
  }

  /** The browser's checks (spec section 4): the file that passed, or none with the refusal shown. */
  async function check(files: readonly File[]): Promise<File | null> {
    const id = ++attempts.current;
    setValidating(true);
    const checked = await checkFiles(files);
    setValidating(false);
    setAttempt({ state: checked.ok ? { step: 'idle' } : { step: 'failed', message: checked.message }, id });
    return checked.ok ? checked.file : null;
  }

  /** Sends a checked file; the conversion's first status is the start's answer, and the polls follow from there. */
  async function send(file: File) {
    const id = ++attempts.current;
    setAttempt({ state: { step: 'uploading' }, id, file });
    // Until the server has a status, an answer's upload counts as unprocessed: a tab group waits for it.
    if (answer) queryClient.setQueryData<ConversionStatusResponse>(options.queryKey, { status: 'UNPROCESSED', message: '' });
    try {
      const started = await sendDocument(target, file, latest.current.alongside);
      queryClient.setQueryData(options.queryKey, started);
      // Stale, so the poll starts with a fresh status as soon as it is followed.
      await queryClient.invalidateQueries({ queryKey: options.queryKey });
      setAttempt({ state: { step: 'sent' }, id, file });
    } catch (error) {
      const message = failureOf(error);
      if (answer) queryClient.removeQueries({ queryKey: options.queryKey });
      latest.current.onRefused?.(message);
      setAttempt({ state: { step: 'failed', message }, id });
    }
  }

  /** Checks the files chosen, then sends the one that passed. */
  async function choose(files: readonly File[]) {
    if (answer) forget();
    const file = await check(files);
    if (file) await send(file);
  }

  return { phase, validating, check, send, choose, forget };
}
