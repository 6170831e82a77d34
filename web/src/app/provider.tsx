// App-wide providers: the query client and the toast area.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { LazyToaster } from '@/components/ui/toast/lazy-toaster';
import { createQueryClient } from '@/lib/query-client';

import { seedQueries } from './seed-queries';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedQueries(client);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
