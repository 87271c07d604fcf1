import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessageOf } from '../../../lib/api-errors';
import { receivedInvalidates, sendDocument, uploadConversionQueryOptions, type UploadTarget } from '../api/upload-target';
import { checkFiles } from '../check-file';
import { phaseOf, type UploadAttempt } from '../upload-phase';

/**
 * The upload of one document (issue 36 item 3): the browser's checks, the upload, then its
 * conversion followed until the document is received or refused; once received, what shows it is
 * read again. A checklist item reads its conversion also from an earlier visit; a letter follows
 * only the file sent in this visit (its page knows a letter received before).
 */
export function useDocumentUpload(target: UploadTarget) {
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState<UploadAttempt>({ step: 'idle' });
  const options = uploadConversionQueryOptions(target);
  const readsEarlier = target.kind !== 'letter';
  const conversion = useQuery({ ...options, enabled: readsEarlier || attempt.step === 'sent' });
  const phase = phaseOf(attempt, conversion, readsEarlier);
  const received = phase.step === 'received';
  const invalidates = receivedInvalidates(target);
  useEffect(() => {
    if (received) for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again when it turns received, not each time a render builds the target anew
  }, [received, queryClient]);

  /** The browser's checks (spec section 4): the file that passed, or none with the refusal shown. */
  async function check(files: readonly File[]): Promise<File | null> {
    const checked = await checkFiles(files);
    setAttempt(checked.ok ? { step: 'idle' } : { step: 'failed', message: checked.message });
    return checked.ok ? checked.file : null;
  }

  /** Sends a checked file; the conversion's first status is the start's answer, and the polls follow from there. */
  async function send(file: File) {
    setAttempt({ step: 'uploading' });
    try {
      const started = await sendDocument(target, file);
      queryClient.setQueryData(options.queryKey, started);
      // Stale, so the poll starts with a fresh status as soon as it is followed.
      await queryClient.invalidateQueries({ queryKey: options.queryKey });
      setAttempt({ step: 'sent' });
    } catch (error) {
      setAttempt({ step: 'failed', message: errorMessageOf(error) });
    }
  }

  /** Checks the files chosen, then sends the one that passed. */
  async function choose(files: readonly File[]) {
    const file = await check(files);
    if (file) await send(file);
  }

  return { phase, check, send, choose };
}
