// An account's approval status as a badge: Approved green, Rejected red, Pending (and any value
// the app does not know) yellow.
import { useT } from '@/lib/i18n';

import { Badge } from './badge';

export function ApprovalStatusBadge({ status }: { status: string }) {
  const t = useT();
  switch (status) {
    case 'approved':
      return (
        <Badge variant="success" data-status="approved">
          {t.auth.status.approved}
        </Badge>
      );
    case 'rejected':
      return (
        <Badge variant="destructive" data-status="rejected">
          {t.auth.status.rejected}
        </Badge>
      );
    case 'pending':
      return (
        <Badge variant="warning" data-status="pending">
          {t.auth.status.pending}
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
