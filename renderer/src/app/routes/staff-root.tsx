import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';

/** Above the staff pages: only the wait for their chunk (none of the applicants' session handling). */
export function StaffRoot() {
  return (
    <Suspense fallback={<Spinner label="Loading page" />}>
      <Outlet />
    </Suspense>
  );
}
