import { useAtomValue, useStore } from 'jotai';
import { Link } from 'react-router-dom';
import { useThrowToBoundary } from '../../components/errors/use-throw-to-boundary';
import { showErrorToast } from '../../components/ui/notifications';
import { apiPaths } from '../../../../common/api';
import { paths } from '../../config/paths';
import { UnauthorizedError } from '../../lib/api-errors';
import { kioskBridgeAtom } from '../../state/shell';
import { usernameAtom } from '../../state/snapshot';
import { dropEndedSessionAnswersAtom, offlineMessages, sendQueuedSavesAtom } from '../../features/answers';
import { useEndSession, useLogout } from '../../features/auth';

const LOGOUT_WAITING_LABEL = 'Log Out Error';

/**
 * The account menu of a logged-in applicant (spec platform section 2 "Account menu"): who is
 * signed in, Log Out, and their own data. A chunk of its own: a visitor's first paint never needs it.
 */
export function SignedInMenu() {
  const username = useAtomValue(usernameAtom);
  const kiosk = useAtomValue(kioskBridgeAtom) !== null;
  const endSession = useEndSession();
  const throwToBoundary = useThrowToBoundary();
  const store = useStore();
  const logout = useLogout({
    onSuccess: () => endSession({ reason: 'logout' }),
    onError: (error) => {
      // An expired session has already been sent to /login by the API client, which kept the
      // unsaved answers; the applicant chose to log out, so they go.
      if (error instanceof UnauthorizedError) store.set(dropEndedSessionAnswersAtom);
      else throwToBoundary(error);
    },
  });

  // The answers the applicant saved go before the session does (issue 17, item 8). While they
  // cannot reach the server the applicant stays logged in and is told why: logging out then would
  // either lose them or leave them on this device for the next person.
  const logOut = async () => {
    // A save the server refuses for good is gone already; an ended session is the logout's to handle.
    const sent = await store.set(sendQueuedSavesAtom).catch(() => ({ state: 'saved' as const }));
    if (sent.state === 'waiting' && !(sent.error instanceof UnauthorizedError)) {
      showErrorToast(LOGOUT_WAITING_LABEL, offlineMessages.logoutWaiting);
      return;
    }
    logout.mutate();
  };

  return (
    <div className="account-menu">
      {username && (
        <p className="account-menu__user">
          Signed in as <span className="account-menu__username">{username.toLowerCase()}</span>
        </p>
      )}
      <button type="button" className="button button--secondary" disabled={logout.isPending} onClick={() => void logOut()}>
        Log Out
      </button>
      {/* An applicant's own data (issue 35 item 4): a plain download (never at a kiosk, which keeps no file), and the page that deletes. */}
      <ul className="account-menu__links account-menu__data">
        {!kiosk && (
          <li>
            <a href={apiPaths.myData} download>
              Download my data
            </a>
          </li>
        )}
        <li>
          <Link to={paths.deleteAccount}>Delete my account</Link>
        </li>
      </ul>
    </div>
  );
}
