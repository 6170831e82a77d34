// POST /api/user/password: the signed-in user changes their password.
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

import type { MessageResponse } from './verify-email';

export interface ChangePasswordInput {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/** Rejects with ApiError 400: field messages, 'Current password is incorrect'; 401 signed out. */
export function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/user/password', input);
}

interface UseChangePasswordOptions {
  mutationConfig?: MutationConfig<typeof changePassword>;
}

export function useChangePassword({ mutationConfig }: UseChangePasswordOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: changePassword });
}
