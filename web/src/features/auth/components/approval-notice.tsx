// Tells a non-admin whose account is not approved yet (or was rejected) where they stand.
import { Clock, Ban } from 'lucide-react';

import { useAuthTexts } from '@/lib/i18n/auth-texts';
import { cn } from '@/lib/utils';
import type { User } from '@/types/api';

interface ApprovalNoticeProps {
  user: Pick<User, 'role' | 'approvalStatus'>;
  className?: string;
}

export function ApprovalNotice({ user, className }: ApprovalNoticeProps) {
  const authT = useAuthTexts();
  if (user.role === 'admin' || user.approvalStatus === 'approved') return null;
  const rejected = user.approvalStatus === 'rejected';
  return (
    <p
      data-testid="approval-notice"
      data-status={user.approvalStatus}
      className={cn(
        'flex items-start gap-2 rounded-md px-2.5 py-2 text-xs font-medium [&_svg]:mt-px [&_svg]:size-3.5 [&_svg]:shrink-0',
        rejected ? 'bg-red-50 text-red-800' : 'bg-yellow-50 text-yellow-800',
        className,
      )}
    >
      {rejected ? <Ban aria-hidden="true" /> : <Clock aria-hidden="true" />}
      {rejected ? authT.approval.rejected : authT.approval.pending}
    </p>
  );
}
