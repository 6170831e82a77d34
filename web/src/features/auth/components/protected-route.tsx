// Route guards: a spinner while the session is checked, /auth (saying why) without a user, / for a
// non-admin on an admin route, and / for a signed-in user on the auth screen.
import { Navigate, Outlet } from 'react-router-dom';

import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';

import { useUser } from '../api/get-user';

import type { AuthRedirectState } from './auth-screen';

interface ProtectedRouteProps {
  requireAdmin?: boolean;
}

function SessionCheck() {
  const t = useT();
  return (
    <div className="flex min-h-[50vh] items-center justify-center" data-testid="session-spinner">
      <Spinner label={t.common.loading} />
    </div>
  );
}

export function ProtectedRoute({ requireAdmin = false }: ProtectedRouteProps) {
  const user = useUser();

  if (user.isPending) return <SessionCheck />;
  if (user.isError || !user.data) {
    const state: AuthRedirectState = { reason: 'login-required' };
    return <Navigate to={paths.auth.getHref()} replace state={state} />;
  }
  if (requireAdmin && user.data.role !== 'admin') {
    return <Navigate to={paths.home.getHref()} replace />;
  }
  return <Outlet />;
}

export function GuestOnlyRoute() {
  const user = useUser();
  if (user.data) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}
