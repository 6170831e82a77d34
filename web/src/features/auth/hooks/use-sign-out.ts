// The user menu's logout: POST /api/logout, a toast, home to '/', and only then a null user, so
// that a protected page being left does not send the reader to /auth on the way out.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useAuthTexts } from '@/lib/i18n/auth-texts';

import { clearUser, useLogout } from '../api/logout';
import { errorMessage } from '../utils/server-messages';

export function useSignOut() {
  const t = useT();
  const authT = useAuthTexts();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [signedOut, setSignedOut] = useState(false);

  const logout = useLogout({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: authT.toast.success, description: authT.toast.loggedOut });
        setSignedOut(true);
        navigate(paths.home.getHref());
      },
      onError: (error) => {
        toast({
          title: authT.toast.logoutFailed,
          description: errorMessage(error, authT, t.errors.generic),
          variant: 'destructive',
        });
      },
    },
  });

  // The route change may commit later than the mutation settles (lazy pages, transitions).
  useEffect(() => {
    if (signedOut && pathname === paths.home.getHref()) clearUser(queryClient);
  }, [signedOut, pathname, queryClient]);

  return logout;
}
