// TanStack Query defaults from spec §7: never stale, no focus refetch, no polling, no retries.
// Queries that need otherwise (the session) say so in their own queryOptions.
import {
  MutationCache,
  QueryCache,
  QueryClient,
  type DefaultOptions,
  type UseMutationOptions,
} from '@tanstack/react-query';

import { ApiError } from './api-client';

/** The server's refusal of everything but the setup to an account that must set up two-factor sign-in. */
export const TWO_FACTOR_SETUP_REQUIRED =
  'Your account must use two-factor sign-in. Set it up to continue.';

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
  // A call refused because two-factor sign-in must be set up first (the setting came on while the
  // page was open) refetches the user, whose twoFactorSetupRequired takes the app to the setup
  // screen (TwoFactorSetupGate).
  const onError = (error: unknown) => {
    if (
      error instanceof ApiError &&
      error.status === 403 &&
      error.message === TWO_FACTOR_SETUP_REQUIRED
    ) {
      void client.invalidateQueries({ queryKey: ['user'] });
    }
  };
  const client = new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
  });
  return client;
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
