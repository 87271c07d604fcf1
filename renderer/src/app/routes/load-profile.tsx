import { Outlet } from 'react-router-dom';
import { useApplyProfile } from '../../features/profile';

/**
 * Loads a logged-in applicant's profile for a page outside the form that reads it (Delete my
 * account): the details into the snapshot, the answers into the answer store, as the form's root
 * does. The page reads the snapshot and shows its own spinner until then; it does not query the
 * profile itself, so its lazy chunk does not pull the answer store out of the entry.
 */
export function LoadProfile() {
  useApplyProfile();
  return <Outlet />;
}
