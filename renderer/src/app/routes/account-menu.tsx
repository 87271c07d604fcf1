import { Suspense, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { Popover } from '../../components/ui/popover';
import { paths } from '../../config/paths';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import type { NavigationState } from '../../lib/navigation-state';
import { useAllAnswers } from '../../features/answers/typed-answers';
import { isLoggedInAtom } from '../../state/session';

const SignedInMenu = lazyWithPreload(() => import('./signed-in-menu').then((module) => module.SignedInMenu));

interface AccountMenuProps {
  /** Fetch the auth screens' code on hover, so the click opens them at once. */
  preloadLogin: () => void;
  preloadSignup: () => void;
}

/** Spec platform section 2 "Account menu": a visitor's links, or a logged-in applicant's menu. */
export function AccountMenu({ preloadLogin, preloadSignup }: AccountMenuProps) {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  // Fetched as soon as someone is logged in, so opening the menu shows it at once.
  useEffect(() => {
    if (isLoggedIn) void SignedInMenu.preload();
  }, [isLoggedIn]);
  return (
    <Popover label="Account" title="Account">
      {isLoggedIn ? (
        <Suspense fallback={null}>
          <SignedInMenu />
        </Suspense>
      ) : (
        <VisitorLinks preloadLogin={preloadLogin} preloadSignup={preloadSignup} />
      )}
    </Popover>
  );
}

/**
 * A visitor's way to sign in or up, carrying the answers typed so far. Only this part follows the
 * answers: for a logged-in applicant the menu re-renders nothing as they type.
 */
function VisitorLinks({ preloadLogin, preloadSignup }: AccountMenuProps) {
  const answers = useAllAnswers();
  return (
    <ul className="account-menu account-menu__links">
      <li>
        <Link to={paths.login} state={{ answers } satisfies NavigationState} onMouseEnter={preloadLogin} onFocus={preloadLogin}>
          Sign In
        </Link>
      </li>
      <li>
        <Link to={paths.signup} state={{ answers } satisfies NavigationState} onMouseEnter={preloadSignup} onFocus={preloadSignup}>
          Create Account
        </Link>
      </li>
    </ul>
  );
}
