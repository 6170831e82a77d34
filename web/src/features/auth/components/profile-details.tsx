// The signed-in user's account: name, email, role, approval status and email verification.
import type { ReactNode } from 'react';

import { useProfileTexts } from '@/lib/i18n/profile-texts';
import { ApprovalStatusBadge } from '@/components/ui/approval-status-badge';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormatDate } from '@/lib/i18n';
import type { User } from '@/types/api';

import { ApprovalNotice } from './approval-notice';

export function ProfileDetails({ user }: { user: User }) {
  const profileT = useProfileTexts();
  const formatDate = useFormatDate();
  const rows: { key: string; label: string; value: ReactNode }[] = [
    { key: 'username', label: profileT.username, value: user.username },
    { key: 'email', label: profileT.email, value: user.email || '—' },
    {
      key: 'role',
      label: profileT.role,
      value: user.role === 'admin' ? profileT.roleAdmin : profileT.roleUser,
    },
    {
      key: 'status',
      label: profileT.status,
      value: <ApprovalStatusBadge status={user.approvalStatus} />,
    },
    {
      key: 'emailVerified',
      label: profileT.emailVerified,
      value: user.emailVerified ? (
        <Badge variant="success">{profileT.yes}</Badge>
      ) : (
        <Badge variant="secondary">{profileT.no}</Badge>
      ),
    },
    { key: 'memberSince', label: profileT.memberSince, value: formatDate(user.createdAt) },
  ];

  return (
    <Card data-testid="profile-details">
      <CardHeader>
        <CardTitle>{profileT.detailsTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ApprovalNotice user={user} className="text-sm" />
        <dl className="grid gap-3 text-sm">
          {rows.map((row) => (
            <div
              key={row.key}
              data-testid={`profile-${row.key}`}
              className="grid grid-cols-[9rem_1fr] items-center gap-3 border-b border-slate-100 pb-3 last:border-0 last:pb-0"
            >
              <dt className="text-slate-500">{row.label}</dt>
              <dd className="min-w-0 break-words font-medium text-slate-900">{row.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
