// POST /api/register: creates an account (pending approval) and signs it in.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { sessionStarted } from '@/lib/session-hint';
import type { User } from '@/types/api';

import { userQueryKey } from './get-user';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Rejects with ApiError: 400 with field messages, 409 'Username/Email already exists'. */
export function register(input: RegisterInput): Promise<User> {
  return api.post<User>('/api/register', input);
}

interface UseRegisterOptions {
  mutationConfig?: MutationConfig<typeof register>;
}

export function useRegister({ mutationConfig }: UseRegisterOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: register,
    onSuccess: (user, ...args) => {
      sessionStarted();
      queryClient.setQueryData(userQueryKey, user);
      return onSuccess?.(user, ...args);
    },
  });
}
