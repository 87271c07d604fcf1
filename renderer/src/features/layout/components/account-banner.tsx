import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { firstNameAtom } from '../../../state/answers';
import { isLoggedInAtom } from '../../../state/session';
import { ThanksBanner } from './thanks-banner';
import { WelcomeBack } from './welcome-back';
import { WelcomeBanner } from './welcome-banner';

/** Which greeting the applicant sees depends on who they are and how far they have got. */
export function AccountBanner() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const firstName = useAtomValue(firstNameAtom);
  const { pathname } = useLocation();
  if (!isLoggedIn) return <WelcomeBanner />;
  if (pathname === paths.completion) return <ThanksBanner firstName={firstName} />;
  return <WelcomeBack firstName={firstName} />;
}
