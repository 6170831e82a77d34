// "Back" button used at the top of content pages.
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild variant="outline" size="sm" data-testid="back-link">
      <Link to={to}>
        <ArrowLeft aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
