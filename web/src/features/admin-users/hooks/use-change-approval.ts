// Approval changes with their toasts: 'User updated' and how, or 'Error updating user'.
import { toast } from '@/components/ui/toast';
import { useT, type Dictionary } from '@/lib/i18n';
import type { ApprovalStatus } from '@/types/api';

import { useUpdateApproval } from '../api/update-approval';

/** Where the change came from: the status dropdown or the Approve / Reject buttons. */
export type ApprovalSource = 'dropdown' | 'button';

function describe(status: ApprovalStatus, source: ApprovalSource, t: Dictionary): string {
  if (source === 'button' && status === 'approved') return t.admin.users.approved;
  if (source === 'button' && status === 'rejected') return t.admin.users.rejected;
  return t.admin.users.updatedDescription;
}

function translate(message: string, t: Dictionary): string {
  if (message === 'The approval status of an administrator cannot be changed') {
    return t.admin.users.adminLocked;
  }
  if (message === 'User not found') return t.admin.users.notFound;
  return message;
}

export function useChangeApproval() {
  const t = useT();
  const mutation = useUpdateApproval();

  const change = (userId: number, status: ApprovalStatus, source: ApprovalSource) => {
    mutation.mutate(
      { userId, status },
      {
        onSuccess: () =>
          toast({ title: t.admin.users.updated, description: describe(status, source, t) }),
        onError: (error) =>
          toast({
            title: t.admin.users.updateFailed,
            description: translate(error.message, t),
            variant: 'destructive',
          }),
      },
    );
  };

  return { change, isPending: mutation.isPending };
}
