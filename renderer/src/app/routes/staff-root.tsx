import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { usePageArrival } from '../../lib/page-arrival';

/** Above the staff pages: the wait for their chunk and each page starting at its top (none of the applicants' session handling). */
export function StaffRoot() {
  usePageArrival();
  return (
    <Suspense fallback={<Spinner label="Loading page" />}>
      <Outlet />
    </Suspense>
  );
}
