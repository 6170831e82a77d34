// POST /api/verify-email: confirms the address with the token from the mailed link.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

import { userQueryKey } from './get-user';

export interface MessageResponse {
  message: string;
}

/** Rejects with ApiError 400 'Invalid or expired verification link'. */
export function verifyEmail(token: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/verify-email', { token });
}

interface UseVerifyEmailOptions {
  mutationConfig?: MutationConfig<typeof verifyEmail>;
}

export function useVerifyEmail({ mutationConfig }: UseVerifyEmailOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: verifyEmail,
    onSuccess: async (...args) => {
      // A signed-in reader's emailVerified flag has just changed.
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      return onSuccess?.(...args);
    },
  });
}
