// Spinning indicator with a screen-reader label.
import { Loader2 } from 'lucide-react';

import { cn } from '@/lib/utils';

interface SpinnerProps {
  label: string;
  className?: string;
}

export function Spinner({ label, className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center text-indigo-600', className)}>
      <Loader2 aria-hidden="true" className="size-8 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
