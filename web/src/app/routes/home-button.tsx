// Button back to the home page, used by the status screens.
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';

export function HomeButton() {
  const t = useT();
  return (
    <Button asChild data-testid="home-button">
      <Link to={paths.home.getHref()}>{t.common.backToHome}</Link>
    </Button>
  );
}
