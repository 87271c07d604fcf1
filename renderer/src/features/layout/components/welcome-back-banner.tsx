import { useAtomValue } from 'jotai';
import { APPLICANT_NAME_KEYS, applicantNameParts } from '../../../../../common/form/applicant-name';
import { useAnswers } from '../../answers/typed-answers';
import { numLoginsAtom } from '../../../state/snapshot';

/**
 * Above the form pages until the application is submitted (issue 33, item 3): a short greeting,
 * 'Welcome' at the first login and 'Welcome back' after it, and what is left to do. The spec's
 * thanks ('Congratulations on completing the online portion…') waits for the submission, when it
 * is true (account-banner.tsx, docs/decisions.md).
 */
export function WelcomeBackBanner() {
  const firstName = applicantNameParts(useAnswers(APPLICANT_NAME_KEYS)).first;
  const greeting = useAtomValue(numLoginsAtom) > 1 ? 'Welcome back' : 'Welcome';
  return (
    <section className="banner banner--welcome-back" aria-labelledby="welcome-back-title">
      <h2 id="welcome-back-title" className="banner__title">
        {firstName ? `${greeting}, ${firstName}` : greeting}
      </h2>
      <p>Answer the questions on each page, then check your answers and submit your application.</p>
    </section>
  );
}
