// The signed-in user's account: name, email, role, approval status and email verification.
import type { ReactNode } from 'react';

import { ApprovalStatusBadge } from '@/components/ui/approval-status-badge';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormatDate, useT } from '@/lib/i18n';
import type { User } from '@/types/api';

import { ApprovalNotice } from './approval-notice';

export function ProfileDetails({ user }: { user: User }) {
  const t = useT();
  const formatDate = useFormatDate();
  const rows: { key: string; label: string; value: ReactNode }[] = [
    { key: 'username', label: t.profile.username, value: user.username },
    { key: 'email', label: t.profile.email, value: user.email || '—' },
    {
      key: 'role',
      label: t.profile.role,
      value: user.role === 'admin' ? t.profile.roleAdmin : t.profile.roleUser,
    },
    {
      key: 'status',
      label: t.profile.status,
      value: <ApprovalStatusBadge status={user.approvalStatus} />,
    },
    {
      key: 'emailVerified',
      label: t.profile.emailVerified,
      value: user.emailVerified ? (
        <Badge variant="success">{t.profile.yes}</Badge>
      ) : (
        <Badge variant="secondary">{t.profile.no}</Badge>
      ),
    },
    { key: 'memberSince', label: t.profile.memberSince, value: formatDate(user.createdAt) },
  ];

  return (
    <Card data-testid="profile-details">
      <CardHeader>
        <CardTitle>{t.profile.detailsTitle}</CardTitle>
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
