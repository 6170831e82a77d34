// TanStack Query defaults from spec §7: never stale, no focus refetch, no polling, no retries.
// Queries that need otherwise (the session) say so in their own queryOptions.
import { QueryClient, type DefaultOptions, type UseMutationOptions } from '@tanstack/react-query';

export const queryConfig = {
  queries: {
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

/** Extra options a caller may pass to a feature's query hook (everything but key and fn). */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<
  ReturnType<T>,
  'queryKey' | 'queryFn'
>;

export type ApiFnReturnType<T extends (...args: never[]) => Promise<unknown>> = Awaited<
  ReturnType<T>
>;

export type MutationConfig<T extends (...args: never[]) => Promise<unknown>> = UseMutationOptions<
  ApiFnReturnType<T>,
  Error,
  Parameters<T>[0]
>;
