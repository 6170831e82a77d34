// Approval changes with their toasts: 'User updated' and how, or 'Error updating user'.
import { toast } from '@/components/ui/toast';
import { useAdminTexts, type AdminTexts } from '@/lib/i18n/admin-texts';
import type { ApprovalStatus } from '@/types/api';

import { useUpdateApproval } from '../api/update-approval';

/** Where the change came from: the status dropdown or the Approve / Reject buttons. */
export type ApprovalSource = 'dropdown' | 'button';

function describe(
  status: ApprovalStatus,
  source: ApprovalSource,
  texts: AdminTexts['users'],
): string {
  if (source === 'button' && status === 'approved') return texts.approved;
  if (source === 'button' && status === 'rejected') return texts.rejected;
  return texts.updatedDescription;
}

function translate(message: string, texts: AdminTexts['users']): string {
  if (message === 'The approval status of an administrator cannot be changed') {
    return texts.adminLocked;
  }
  if (message === 'User not found') return texts.notFound;
  return message;
}

export function useChangeApproval() {
  const adminT = useAdminTexts();
  const mutation = useUpdateApproval();

  const change = (userId: number, status: ApprovalStatus, source: ApprovalSource) => {
    mutation.mutate(
      { userId, status },
      {
        onSuccess: () =>
          toast({
            title: adminT.users.updated,
            description: describe(status, source, adminT.users),
          }),
        onError: (error) =>
          toast({
            title: adminT.users.updateFailed,
            description: translate(error.message, adminT.users),
            variant: 'destructive',
          }),
      },
    );
  };

  return { change, isPending: mutation.isPending };
}
