import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { firstNameAtom } from '../../../state/answers';
import { isLoggedInAtom } from '../../../state/session';
import { AlmostFinished } from './almost-finished';
import { ThanksBanner } from './thanks-banner';
import { WelcomeBanner } from './welcome-banner';

/**
 * The greeting (spec platform section 2): a visitor is welcomed; a logged-in applicant is thanked
 * and shown the 'Almost finished' steps on every page. /completion shows those steps itself, with
 * the download control beside the step that asks for it.
 */
export function AccountBanner() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const firstName = useAtomValue(firstNameAtom);
  const { pathname } = useLocation();
  if (!isLoggedIn) return <WelcomeBanner />;
  return (
    <>
      <ThanksBanner firstName={firstName} />
      {pathname !== paths.completion && <AlmostFinished shortOnPhone />}
    </>
  );
}
