// A labelled form control with an optional hint and its error message underneath. Give the
// control `id`, `aria-invalid` and `aria-describedby={fieldDescribedBy(id, error, hint)}`.
import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

import { Label } from './label';

interface FieldProps {
  /** The control's id; the label points at it and the messages are named after it. */
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Names the error element `error-{name}` for tests. */
  name: string;
  className?: string;
  children: ReactNode;
}

/** The ids of the hint and error of the field, for the control's aria-describedby. */
// eslint-disable-next-line react-refresh/only-export-components -- belongs with the component
export function fieldDescribedBy(
  id: string,
  error: string | undefined,
  hint?: ReactNode,
): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function Field({ id, label, error, hint, name, className, children }: FieldProps) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id} id={`${id}-label`}>
        {label}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={`${id}-error`}
          data-testid={`error-${name}`}
          className="text-sm font-medium text-red-600"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
