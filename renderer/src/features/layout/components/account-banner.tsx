import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { isLoggedInAtom } from '../../../state/session';
import { webStatusAtom } from '../../../state/snapshot';
import { SubmittedBanners, WelcomeBackBanner } from './greeting-chunks';
import { WelcomeBanner } from './welcome-banner';

/**
 * The greeting (spec platform section 2): a visitor is welcomed. A logged-in applicant is greeted
 * briefly until the application is submitted; from then on thanked ('Congratulations on completing
 * the online portion…') with the 'Almost finished' steps, which are true only then (issue 33, item
 * 3). /completion shows those steps itself, with the download control beside the step that asks for it.
 * Only a logged-in applicant meets the greetings that name them, so they load apart from a
 * visitor's first paint, each reading the name itself (common/form/applicant-name.ts).
 */
export function AccountBanner() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const submitted = useAtomValue(webStatusAtom) === 'submitted';
  if (!isLoggedIn) return <WelcomeBanner />;
  return <Suspense fallback={null}>{submitted ? <SubmittedBanners /> : <WelcomeBackBanner />}</Suspense>;
}
