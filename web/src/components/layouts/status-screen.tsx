// Centred full-page message for 404, server-error, unauthorized and route errors.
import type { ReactNode } from 'react';

interface StatusScreenProps {
  icon: ReactNode;
  title: string;
  message?: string;
  /** A second, quieter line under the message. */
  hint?: string;
  action?: ReactNode;
  testId?: string;
}

export function StatusScreen({ icon, title, message, hint, action, testId }: StatusScreenProps) {
  return (
    <div
      data-testid={testId}
      className="container flex min-h-[60vh] items-center justify-center py-16"
    >
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto mb-5 grid size-14 place-items-center rounded-full bg-indigo-50 text-indigo-600 [&_svg]:size-7">
          {icon}
        </div>
        <h1 data-testid="status-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {title}
        </h1>
        {message ? (
          <p data-testid="status-message" className="mt-3 text-slate-600">
            {message}
          </p>
        ) : null}
        {hint ? (
          <p data-testid="status-hint" className="mt-2 text-sm text-slate-500">
            {hint}
          </p>
        ) : null}
        {action ? <div className="mt-6 flex justify-center">{action}</div> : null}
      </div>
    </div>
  );
}
