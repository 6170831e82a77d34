import { describe, expect, it } from 'vitest';

import { createQueryClient } from './query-client';

describe('query client defaults', () => {
  it('never stale, no focus refetch, no polling, no retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: 0,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
