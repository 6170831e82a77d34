// The admin dashboard's user management: tabs Users, Pending and Approved with their counts.
import { CircleAlert, Loader2, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ApprovalStatusBadge } from '@/components/ui/approval-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { interpolate } from '@/lib/i18n';
import { useAuthTexts } from '@/lib/i18n/auth-texts';
import { useAdminTexts } from '@/lib/i18n/admin-texts';
import { useSecurityTexts } from '@/lib/i18n/security-texts';
import type { ApprovalStatus, User } from '@/types/api';

import { useEndUserSessions } from '../api/end-user-sessions';
import { useUsers } from '../api/get-users';
import { useChangeApproval, type ApprovalSource } from '../hooks/use-change-approval';

const STATUSES: readonly ApprovalStatus[] = ['pending', 'approved', 'rejected'];

type ChangeApproval = (userId: number, status: ApprovalStatus, source: ApprovalSource) => void;

function isApprovalStatus(value: string): value is ApprovalStatus {
  return (STATUSES as readonly string[]).includes(value);
}

function EmptyRow({ columns, text, testId }: { columns: number; text: string; testId: string }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell
        colSpan={columns}
        className="py-10 text-center text-slate-500"
        data-testid={testId}
      >
        {text}
      </TableCell>
    </TableRow>
  );
}

function YesNo({ value }: { value: boolean }) {
  const adminT = useAdminTexts();
  return value ? (
    <Badge variant="success">{adminT.users.yes}</Badge>
  ) : (
    <Badge variant="secondary">{adminT.users.no}</Badge>
  );
}

interface TableProps {
  users: User[];
  busy: boolean;
  onChange: ChangeApproval;
}

function AllUsersTable({ users, busy, onChange }: TableProps) {
  const authT = useAuthTexts();
  const adminT = useAdminTexts();
  const secT = useSecurityTexts();
  const endSessions = useEndUserSessions();
  const u = adminT.users;
  return (
    <Table data-testid="users-table">
      <TableHeader>
        <TableRow>
          <TableHead>{u.id}</TableHead>
          <TableHead>{u.username}</TableHead>
          <TableHead>{u.email}</TableHead>
          <TableHead>{u.role}</TableHead>
          <TableHead>{u.status}</TableHead>
          <TableHead>{u.emailVerified}</TableHead>
          <TableHead>{u.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.length === 0 ? (
          <EmptyRow columns={7} text={u.noUsers} testId="users-empty" />
        ) : (
          users.map((user) => (
            <TableRow key={user.id} data-testid={`user-row-${user.id}`}>
              <TableCell className="tabular-nums text-slate-500">{user.id}</TableCell>
              <TableCell className="font-medium">{user.username}</TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>{user.role === 'admin' ? u.roleAdmin : u.roleUser}</TableCell>
              <TableCell>
                <ApprovalStatusBadge status={user.approvalStatus} />
              </TableCell>
              <TableCell>
                <YesNo value={user.emailVerified} />
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap items-center gap-2">
                  <Select
                    value={isApprovalStatus(user.approvalStatus) ? user.approvalStatus : undefined}
                    disabled={user.role === 'admin' || busy}
                    onValueChange={(value) => {
                      if (isApprovalStatus(value) && value !== user.approvalStatus) {
                        onChange(user.id, value, 'dropdown');
                      }
                    }}
                  >
                    <SelectTrigger
                      className="w-36"
                      data-testid={`status-select-${user.id}`}
                      aria-label={interpolate(u.changeStatus, { username: user.username })}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {STATUSES.map((status) => (
                        <SelectItem key={status} value={status}>
                          {authT.status[status]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <Button
                    size="sm"
                    variant="outline"
                    data-testid={`end-sessions-${user.id}`}
                    disabled={endSessions.isPending && endSessions.variables === user.id}
                    aria-label={`${secT.endSessions}: ${user.username}`}
                    onClick={() => endSessions.mutate(user.id)}
                  >
                    <LogOut aria-hidden="true" />
                    {endSessions.isPending && endSessions.variables === user.id
                      ? secT.endingSessions
                      : secT.endSessions}
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

function PendingUsersTable({ users, busy, onChange }: TableProps) {
  const adminT = useAdminTexts();
  const u = adminT.users;
  return (
    <Table data-testid="pending-table">
      <TableHeader>
        <TableRow>
          <TableHead>{u.username}</TableHead>
          <TableHead>{u.email}</TableHead>
          <TableHead>{u.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.length === 0 ? (
          <EmptyRow columns={3} text={u.noPending} testId="pending-empty" />
        ) : (
          users.map((user) => (
            <TableRow key={user.id} data-testid={`pending-row-${user.id}`}>
              <TableCell className="font-medium">{user.username}</TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    className="bg-green-600 hover:bg-green-500"
                    data-testid={`approve-${user.id}`}
                    disabled={busy}
                    onClick={() => onChange(user.id, 'approved', 'button')}
                  >
                    {u.approve}
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    data-testid={`reject-${user.id}`}
                    disabled={busy}
                    onClick={() => onChange(user.id, 'rejected', 'button')}
                  >
                    {u.reject}
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

function ApprovedUsersTable({ users }: { users: User[] }) {
  const adminT = useAdminTexts();
  const u = adminT.users;
  return (
    <Table data-testid="approved-table">
      <TableHeader>
        <TableRow>
          <TableHead>{u.username}</TableHead>
          <TableHead>{u.email}</TableHead>
          <TableHead>{u.emailVerified}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.length === 0 ? (
          <EmptyRow columns={3} text={u.noApproved} testId="approved-empty" />
        ) : (
          users.map((user) => (
            <TableRow key={user.id} data-testid={`approved-row-${user.id}`}>
              <TableCell className="font-medium">{user.username}</TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>
                <YesNo value={user.emailVerified} />
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

function TabLabel({ label, count, testId }: { label: string; count: number; testId: string }) {
  return (
    <>
      {label}
      <span
        data-testid={testId}
        className="rounded-full bg-slate-200 px-1.5 py-px text-xs tabular-nums text-slate-700"
      >
        {count}
      </span>
    </>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-slate-200 bg-white shadow-sm">{children}</div>;
}

export function UsersDashboard() {
  const adminT = useAdminTexts();
  const u = adminT.users;
  const users = useUsers();
  const approval = useChangeApproval();

  if (users.isPending) {
    return (
      <div
        role="status"
        className="flex items-center gap-3 py-10 text-slate-600"
        data-testid="users-loading"
      >
        <Loader2 aria-hidden="true" className="size-5 animate-spin text-indigo-600" />
        {u.loading}
      </div>
    );
  }

  if (users.isError) {
    return (
      <Alert variant="destructive" data-testid="users-error">
        <AlertTitle className="flex items-center gap-2">
          <CircleAlert aria-hidden="true" className="size-4" />
          {u.loadFailed}
        </AlertTitle>
        <AlertDescription className="grid justify-items-start gap-3">
          <span>{users.error.message}</span>
          <Button size="sm" variant="outline" onClick={() => void users.refetch()}>
            {u.tryAgain}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  const all = users.data;
  const pending = all.filter((user) => user.role !== 'admin' && user.approvalStatus === 'pending');
  const approved = all.filter((user) => user.approvalStatus === 'approved');

  return (
    <Tabs defaultValue="users" data-testid="users-tabs">
      <TabsList>
        <TabsTrigger value="users" data-testid="tab-users">
          <TabLabel label={u.tabUsers} count={all.length} testId="count-users" />
        </TabsTrigger>
        <TabsTrigger value="pending" data-testid="tab-pending">
          <TabLabel label={u.tabPending} count={pending.length} testId="count-pending" />
        </TabsTrigger>
        <TabsTrigger value="approved" data-testid="tab-approved">
          <TabLabel label={u.tabApproved} count={approved.length} testId="count-approved" />
        </TabsTrigger>
      </TabsList>
      <TabsContent value="users">
        <Panel>
          <AllUsersTable users={all} busy={approval.isPending} onChange={approval.change} />
        </Panel>
      </TabsContent>
      <TabsContent value="pending">
        <Panel>
          <PendingUsersTable users={pending} busy={approval.isPending} onChange={approval.change} />
        </Panel>
      </TabsContent>
      <TabsContent value="approved">
        <Panel>
          <ApprovedUsersTable users={approved} />
        </Panel>
      </TabsContent>
    </Tabs>
  );
}
