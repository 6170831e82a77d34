// PATCH /api/admin/users/{id}/approval: sets a non-admin's approval status; the list refetches.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import type { ApprovalStatus, User } from '@/types/api';

import { usersQueryKey } from './get-users';

export interface UpdateApprovalInput {
  userId: number;
  status: ApprovalStatus;
}

/** Rejects with ApiError: 400 bad status, 403 for an admin account, 404 unknown user. */
export function updateApproval({ userId, status }: UpdateApprovalInput): Promise<User> {
  return api.patch<User>(`/api/admin/users/${userId}/approval`, { status });
}

interface UseUpdateApprovalOptions {
  mutationConfig?: MutationConfig<typeof updateApproval>;
}

export function useUpdateApproval({ mutationConfig }: UseUpdateApprovalOptions = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateApproval,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
      return onSettled?.(...args);
    },
  });
}
