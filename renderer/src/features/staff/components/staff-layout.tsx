import '../staff.css';
import { Link, Navigate, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { staffPages } from '../../../../../common/staff-pages';
import { tenant } from '../../../../../common/form/tenant';
import { Spinner } from '../../../components/ui/spinner';
import { UnauthorizedError, errorMessageOf } from '../../../lib/api-errors';
import { useStaffMe } from '../api/get-staff-me';
import { useLogoutStaff } from '../api/logout-staff';

/** The frame of every page behind a staff login: who is logged in, the office's pages, Log out. */
export function StaffLayout() {
  const me = useStaffMe();
  const logout = useLogoutStaff();
  const navigate = useNavigate();
  if (me.error instanceof UnauthorizedError) return <Navigate to={staffPages.login} replace />;
  return (
    <div className="staff">
      <header className="staff__header">
        <Link to={staffPages.inbox} className="staff__brand">
          {tenant.partner_name}: admissions office
        </Link>
        {me.data && (
          <nav aria-label="Staff pages" className="staff__nav">
            <NavLink to={staffPages.inbox} end>
              Applications
            </NavLink>
            {me.data.role === 'admin' && <NavLink to={staffPages.accessLog}>Access log</NavLink>}
            {me.data.role === 'admin' && <NavLink to={staffPages.deletionRequests}>Deletion requests</NavLink>}
            {me.data.role === 'admin' && <NavLink to={staffPages.dataExpiry}>Data that expires</NavLink>}
            <span className="staff__who">
              {me.data.email} ({me.data.role})
            </span>
            <button type="button" className="button button--secondary" onClick={() => logout.mutate(undefined, { onSettled: () => void navigate(staffPages.login) })}>
              Log out
            </button>
          </nav>
        )}
      </header>
      <main className="site-main staff__main">
        {me.isPending && <Spinner label="Checking your staff session" />}
        {me.error && !(me.error instanceof UnauthorizedError) && <p role="alert">{errorMessageOf(me.error)}</p>}
        {me.data && <Outlet />}
      </main>
    </div>
  );
}
