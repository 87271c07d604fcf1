import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { AuthLayout } from '../../features/layout';

export function AuthRoot() {
  return (
    <AuthLayout>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </AuthLayout>
  );
}
