// POST /api/login: signs in with a username or email; the response replaces the cached user.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { sessionStarted } from '@/lib/session-hint';
import type { User } from '@/types/api';

import { userQueryKey } from './get-user';

export interface LoginInput {
  /** The username or the email address. */
  username: string;
  password: string;
  /** The second step: an authenticator app's 6 digits or a recovery code. */
  code?: string;
}

/**
 * Rejects with ApiError: 400 (fields), 401 'Invalid username or password', 401 with
 * twoFactorRequired (a code is needed, or the one sent was wrong), 429 (throttled).
 */
export function login(input: LoginInput): Promise<User> {
  return api.post<User>('/api/login', input);
}

interface UseLoginOptions {
  mutationConfig?: MutationConfig<typeof login>;
}

export function useLogin({ mutationConfig }: UseLoginOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: login,
    onSuccess: (user, ...args) => {
      sessionStarted();
      queryClient.setQueryData(userQueryKey, user);
      return onSuccess?.(user, ...args);
    },
  });
}
