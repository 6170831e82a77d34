// Shown by the router when a page fails to load or render.
import { TriangleAlert } from 'lucide-react';

import { StatusScreen } from '@/components/layouts/status-screen';
import { useT } from '@/lib/i18n';

import { HomeButton } from './home-button';

export function RouteErrorScreen() {
  const t = useT();
  return (
    <StatusScreen
      testId="route-error"
      icon={<TriangleAlert aria-hidden="true" />}
      title={t.errors.generic}
      action={<HomeButton />}
    />
  );
}
