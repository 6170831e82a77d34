// POST /api/reset-password: sets a new password with the mailed token; all sessions end.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

import { userQueryKey } from './get-user';
import type { MessageResponse } from './verify-email';

export interface ResetPasswordInput {
  token: string;
  password: string;
  confirmPassword: string;
}

/** Rejects with ApiError 400: field messages, or 'Invalid or expired reset link'. */
export function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/reset-password', input);
}

interface UseResetPasswordOptions {
  mutationConfig?: MutationConfig<typeof resetPassword>;
}

export function useResetPassword({ mutationConfig }: UseResetPasswordOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: resetPassword,
    onSuccess: (...args) => {
      // The server clears the session cookie with the reset.
      queryClient.setQueryData(userQueryKey, null);
      return onSuccess?.(...args);
    },
  });
}
