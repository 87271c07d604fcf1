import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { waiverSentence, type LetterReceipt, type RecommenderView } from '../../../../../common/recommendation-api';
import { tenant } from '../../../../../common/form/tenant';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-errors';
import { useRecommenderView } from '../api/get-recommender-view';
import { useMarkOpened, useSubmitLetter } from '../api/submit-letter';
import { formatDay } from '../../../../../common/form/format-day';
import { forgetLetterDraft } from '../hooks/use-letter-draft';
import { LetterForm } from './letter-form';
import { LetterUpload, type FileReceipt } from './letter-upload';

export const RECOMMEND_PAGE_TITLE = 'Letter of recommendation';

/**
 * The confirmation takes the focus, so a screen reader says at once that the letter arrived. A file
 * is named and may be replaced (issue 33, item 6) until the applicant's file is complete, when the
 * server refuses with its reason; a typed letter is final.
 */
function Confirmation({ receipt, onReplace }: { receipt: LetterReceipt | FileReceipt; onReplace: () => void }) {
  const file = 'fileName' in receipt ? receipt.fileName : null;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="letter-received">
      <h3 id="letter-received" ref={heading} tabIndex={-1}>
        Thank you: your letter has been received
      </h3>
      {file === null ? (
        <p>{`We received it on ${formatDay(receipt.received_at)}. You can close this page.`}</p>
      ) : (
        <>
          <p>{`We received your file ${file} on ${formatDay(receipt.received_at)}.`}</p>
          <p>{"If you sent the wrong file, you can replace it until the applicant's file is complete. Otherwise you can close this page."}</p>
          <button type="button" className="button button--secondary" onClick={onReplace}>
            Replace the file
          </button>
        </>
      )}
    </section>
  );
}

/** The file received on an earlier visit, as the server names it. */
const earlierFile = (view: RecommenderView): FileReceipt | null => (view.letter_file ? { received_at: view.letter_file.received_at, fileName: view.letter_file.file_name } : null);

function Request({ token, view }: { token: string; view: RecommenderView }) {
  const markOpened = useMarkOpened();
  const submit = useSubmitLetter();
  // Typed or sent as a file, whichever arrives first is the letter; a file received before is named.
  const [uploaded, setUploaded] = useState<FileReceipt | null>(() => earlierFile(view));
  const [replacing, setReplacing] = useState(false);
  const receipt = submit.data ?? uploaded;
  // The letter arrived, typed or as a file: the typed draft kept in this browser has served.
  useEffect(() => {
    if (receipt) forgetLetterDraft(token);
  }, [receipt, token]);
  const { mutate: markOpenedOnce } = markOpened;
  // The server keeps the first opening; a failed mark is not the recommender's concern.
  useEffect(() => markOpenedOnce(token), [markOpenedOnce, token]);
  const replaced = useCallback((next: FileReceipt) => {
    setUploaded(next);
    setReplacing(false);
  }, []);
  return (
    <>
      <h2>{`A letter of recommendation for ${view.applicant_name}`}</h2>
      <p>{`Dear ${view.recommender_name}, ${view.applicant_name} has applied to ${view.program} at ${tenant.partner_name} and asks you for a letter of recommendation.`}</p>
      <p>
        <strong>{waiverSentence(view.applicant_name, view.waived)}</strong>
      </p>
      {receipt && replacing ? (
        <LetterUpload token={token} title="Replace the file you sent" onReceived={replaced} />
      ) : receipt ? (
        <Confirmation receipt={receipt} onReplace={() => setReplacing(true)} />
      ) : (
        <>
          <LetterForm token={token} sending={submit.isPending} onSend={(letterText) => submit.mutateAsync({ token, letter: { letter_text: letterText } })} />
          <LetterUpload token={token} onReceived={setUploaded} />
        </>
      )}
    </>
  );
}

/**
 * /recommend/:token (issue 28 item 2): the recommender's page, with no account. A link the server
 * refuses (unknown, expired, revoked, replaced, already answered, or opened in a signed-in
 * browser) shows the server's message instead of the form.
 */
export function RecommendPage() {
  const token = useParams().token ?? '';
  const view = useRecommenderView(token);
  return (
    <section className="recommend-page" aria-label={RECOMMEND_PAGE_TITLE}>
      <title>{`${RECOMMEND_PAGE_TITLE} | ${tenant.application_title}`}</title>
      {view.isPending && <Spinner label="Loading the request" />}
      {view.error && (
        <>
          <h2>This link cannot be used</h2>
          <p role="alert">{errorMessageOf(view.error)}</p>
        </>
      )}
      {view.data && <Request token={token} view={view.data} />}
    </section>
  );
}
