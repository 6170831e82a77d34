// The header's account entry: 'Sign In' for visitors; for a signed-in user their name opening a
// menu with Profile, My posts, the admin screens (admins) and Logout, and the approval notice when
// it applies.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';

import { useUser } from '../api/get-user';

// Only a signed-in user needs the menu and its library: a reader's page never loads them.
const SignedInMenu = lazy(async () => ({
  default: (await import('./signed-in-menu')).SignedInMenu,
}));

const menuPlaceholder = <Skeleton className="h-9 w-20 rounded-lg" />;

export function UserMenu() {
  const t = useT();
  const user = useUser();

  if (user.isPending) return menuPlaceholder;
  if (user.data)
    return (
      <Suspense fallback={menuPlaceholder}>
        <SignedInMenu user={user.data} />
      </Suspense>
    );
  return (
    <Button asChild size="sm" data-testid="sign-in-button">
      <Link to={paths.auth.getHref()}>{t.header.signIn}</Link>
    </Button>
  );
}
