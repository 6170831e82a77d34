// POST /api/forgot-password: mails a reset link; the answer is the same for unknown addresses.
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

import type { MessageResponse } from './verify-email';

/** Rejects with ApiError 400 'Please enter a valid email address'. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/forgot-password', { email });
}

interface UseRequestPasswordResetOptions {
  mutationConfig?: MutationConfig<typeof requestPasswordReset>;
}

export function useRequestPasswordReset({ mutationConfig }: UseRequestPasswordResetOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: requestPasswordReset });
}
