// Route guards: a spinner while the session is checked, /auth (saying why) without a user, / for a
// non-admin on an admin route, / for a signed-in user on the auth screen, and the two-factor setup
// screen for an account the site requires it of.
import { Navigate, Outlet, useLocation } from 'react-router-dom';

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

/**
 * Around every page: an account that must set up two-factor sign-in (the site's setting) is taken
 * to the setup screen from anywhere; the server refuses it everything else anyway.
 */
export function TwoFactorSetupGate() {
  const user = useUser();
  const { pathname } = useLocation();
  const setupPath = paths.twoFactorSetup.getHref();
  if (user.data?.twoFactorSetupRequired && pathname !== setupPath) {
    return <Navigate to={setupPath} replace />;
  }
  return <Outlet />;
}

export function GuestOnlyRoute() {
  const user = useUser();
  if (user.data) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}
