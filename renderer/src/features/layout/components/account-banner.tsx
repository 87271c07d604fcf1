import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { firstNameAtom } from '../../../state/answers';
import { isLoggedInAtom } from '../../../state/session';
import { webStatusAtom } from '../../../state/snapshot';
import { WelcomeBackBanner } from './welcome-back-banner';
import { WelcomeBanner } from './welcome-banner';

const SubmittedBanners = lazyWithPreload(() => import('./submitted-banners').then((module) => module.SubmittedBanners));

/**
 * The greeting (spec platform section 2): a visitor is welcomed. A logged-in applicant is greeted
 * briefly until the application is submitted; from then on thanked ('Congratulations on completing
 * the online portion…') with the 'Almost finished' steps, which are true only then (issue 33, item
 * 3). /completion shows those steps itself, with the download control beside the step that asks for it.
 */
export function AccountBanner() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const firstName = useAtomValue(firstNameAtom);
  const submitted = useAtomValue(webStatusAtom) === 'submitted';
  if (!isLoggedIn) return <WelcomeBanner />;
  if (!submitted) return <WelcomeBackBanner firstName={firstName} />;
  return (
    <Suspense fallback={null}>
      <SubmittedBanners firstName={firstName} />
    </Suspense>
  );
}
