// An account's approval status as a badge: Approved green, Rejected red, Pending (and any value
// the app does not know) yellow.
import { useAuthTexts } from '@/lib/i18n/auth-texts';

import { Badge } from './badge';

export function ApprovalStatusBadge({ status }: { status: string }) {
  const authT = useAuthTexts();
  switch (status) {
    case 'approved':
      return (
        <Badge variant="success" data-status="approved">
          {authT.status.approved}
        </Badge>
      );
    case 'rejected':
      return (
        <Badge variant="destructive" data-status="rejected">
          {authT.status.rejected}
        </Badge>
      );
    case 'pending':
      return (
        <Badge variant="warning" data-status="pending">
          {authT.status.pending}
        </Badge>
      );
    default:
      return (
        <Badge variant="warning" data-status={status}>
          {status}
        </Badge>
      );
  }
}
