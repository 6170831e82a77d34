// Full-page statuses: 404, server error and unauthorized.
import { Compass, Lock, ServerCrash } from 'lucide-react';

import { StatusScreen } from '@/components/layouts/status-screen';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

import { HomeButton } from './home-button';

export function NotFoundRoute() {
  const t = useT();
  // The tab names the missing page in the reader's language, as the server's first answer does.
  useDocumentTitle(t.errors.notFoundTitle);
  return (
    <StatusScreen
      testId="not-found"
      icon={<Compass aria-hidden="true" />}
      title={t.errors.notFoundTitle}
      message={t.errors.notFound}
      hint={t.errors.notFoundHint}
      action={<HomeButton />}
    />
  );
}

export function ServerErrorRoute() {
  const t = useT();
  return (
    <StatusScreen
      testId="server-error"
      icon={<ServerCrash aria-hidden="true" />}
      title={t.errors.serverErrorTitle}
      message={t.errors.serverError}
      action={<HomeButton />}
    />
  );
}

export function UnauthorizedRoute() {
  const t = useT();
  return (
    <StatusScreen
      testId="unauthorized"
      icon={<Lock aria-hidden="true" />}
      title={t.errors.unauthorizedTitle}
      message={t.errors.unauthorized}
      action={<HomeButton />}
    />
  );
}
