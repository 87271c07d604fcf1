import { useState, type ReactNode } from 'react';
import type { ChecklistItem } from '../../../../../common/checklist-api';
import type { RecommendationListResponse } from '../../../../../common/recommendation-api';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-errors';
import { useNameRecommender } from '../api/change-recommendation';
import { useRecommendations } from '../api/get-recommendations';
import { RecommendationItem } from './recommendation-item';
import { RecommenderForm } from './recommender-form';

export const LETTERS_SECTION_TITLE = 'Letters of recommendation';

const letters = (count: number) => `${count} ${count === 1 ? 'letter' : 'letters'}`;

/** What the program asks for, from the catalogue's numbers the server sends (common/form/program-letters.ts). */
function programText({ letters: { required, accepted }, waived }: RecommendationListResponse): string {
  if (accepted === 0) return 'Your program does not take letters of recommendation.';
  const needs = required === 0 ? 'Your program needs no letters of recommendation' : `Your program needs ${letters(required)}`;
  const waiver = waived ? ' You waived your right to read your letters.' : '';
  return `${needs} and accepts up to ${accepted}.${waiver}`;
}

function NameRecommender() {
  const name = useNameRecommender();
  const [sent, setSent] = useState('');
  return (
    <section aria-labelledby="name-recommender">
      <h4 id="name-recommender">Ask for a letter</h4>
      <p>We e-mail your recommender a link of their own, where they write the letter. They need no account.</p>
      <p role="status">{sent}</p>
      <RecommenderForm
        submitLabel="Send the invitation"
        sending={name.isPending}
        onSend={(input) => name.mutateAsync(input).then((request) => setSent(`We sent ${request.name} an invitation.`))}
      />
    </section>
  );
}

interface LettersSectionProps {
  /** The checklist's letter items (issue 28 item 1): each request shows its item's state and next step. */
  checklist?: readonly ChecklistItem[];
  /** The checklist's letters not yet asked for, listed after the requests. */
  children?: ReactNode;
}

/**
 * The applicant's letters on /completion (issue 28 item 2): what the program needs and accepts,
 * each request's state with its dates, and the form to name a recommender while the program
 * takes more. Never a letter's text. On the checklist its requests are the checklist's letter items.
 */
export function LettersSection({ checklist = [], children }: LettersSectionProps) {
  const list = useRecommendations();
  const [status, setStatus] = useState('');
  const data = list.data;
  return (
    <section aria-labelledby="letters-of-recommendation" className="letters-section">
      <h3 id="letters-of-recommendation">{LETTERS_SECTION_TITLE}</h3>
      {list.isPending && <Spinner label="Loading your letters of recommendation" />}
      {list.error && <p role="alert">{errorMessageOf(list.error)}</p>}
      <p role="status">{status}</p>
      {data && (
        <>
          <p>{programText(data)}</p>
          {(data.recommendations.length > 0 || children) && (
            <ul className="recommendations">
              {data.recommendations.map((request) => (
                <RecommendationItem
                  key={request.id}
                  request={request}
                  checklistItem={checklist.find((item) => item.id === `letter:${request.id}`)}
                  onDone={setStatus}
                />
              ))}
              {children}
            </ul>
          )}
          {data.recommendations.length < data.letters.accepted && <NameRecommender />}
        </>
      )}
    </section>
  );
}
