// Standard page frame: a container with a heading, an optional lead text and the content.
import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

interface PageShellProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function PageShell({ title, description, actions, children, className }: PageShellProps) {
  return (
    <div className={cn('container py-10 md:py-14', className)}>
      {actions ? <div className="mb-6 flex flex-wrap items-center gap-3">{actions}</div> : null}
      <h1
        data-testid="page-title"
        className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl"
      >
        {title}
      </h1>
      {description ? (
        <p data-testid="page-description" className="mt-3 max-w-3xl text-lg text-slate-600">
          {description}
        </p>
      ) : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}
