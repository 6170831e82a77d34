// The toast area, loaded with its first toast: most readers never see one, so the first visit
// carries no toast library.
import { lazy, Suspense, useState } from 'react';

import { useToastStore } from './use-toast';

const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

export function LazyToaster() {
  const hasToast = useToastStore((state) => state.toasts.length > 0);
  const [needed, setNeeded] = useState(hasToast);
  // Once loaded it stays mounted, so that closing toasts animate out.
  if (hasToast && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
