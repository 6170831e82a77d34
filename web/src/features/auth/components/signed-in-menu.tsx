// The signed-in user's menu in the header: their name opening Profile, My posts, the admin screens
// (admins) and Logout, and the approval notice when it applies.
import {
  BarChart3,
  ChevronDown,
  FileText,
  LayoutDashboard,
  LogOut,
  Mail,
  Upload,
  UserRound,
} from 'lucide-react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { interpolate } from '@/lib/i18n';
import { useAdminTexts } from '@/lib/i18n/admin-texts';
import { useAuthTexts } from '@/lib/i18n/auth-texts';
import type { User } from '@/types/api';

import { useSignOut } from '../hooks/use-sign-out';

import { ApprovalNotice } from './approval-notice';

export function SignedInMenu({ user }: { user: User }) {
  const authT = useAuthTexts();
  const adminT = useAdminTexts();
  const logout = useSignOut();
  const awaitingApproval = user.role !== 'admin' && user.approvalStatus !== 'approved';

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          data-testid="user-menu"
          aria-label={interpolate(authT.menu.label, { username: user.username })}
        >
          <span className="relative">
            <UserRound aria-hidden="true" />
            {awaitingApproval ? (
              <span
                aria-hidden="true"
                data-testid="approval-dot"
                className={
                  user.approvalStatus === 'rejected'
                    ? 'absolute -right-0.5 -top-0.5 size-2 rounded-full bg-red-500'
                    : 'absolute -right-0.5 -top-0.5 size-2 rounded-full bg-yellow-400'
                }
              />
            ) : null}
          </span>
          <span data-testid="user-menu-name" className="max-w-[10rem] truncate">
            {user.username}
          </span>
          <ChevronDown aria-hidden="true" className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64" data-testid="user-menu-content">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{user.username}</span>
          {user.email ? (
            <span className="truncate text-xs font-normal text-slate-500">{user.email}</span>
          ) : null}
        </DropdownMenuLabel>
        <ApprovalNotice user={user} className="mx-1 mb-1" />
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.profile.getHref()} data-testid="menu-profile">
            <UserRound aria-hidden="true" />
            {authT.menu.profile}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.myPosts.getHref()} data-testid="menu-my-posts">
            <FileText aria-hidden="true" />
            {authT.menu.myPosts}
          </Link>
        </DropdownMenuItem>
        {user.role === 'admin' ? (
          <>
            <DropdownMenuItem asChild>
              <Link to={paths.admin.getHref()} data-testid="menu-admin">
                <LayoutDashboard aria-hidden="true" />
                {authT.menu.adminDashboard}
              </Link>
            </DropdownMenuItem>
            {/* The dashboard's own words and order, so the two ways in name a screen alike. */}
            <DropdownMenuItem asChild>
              <Link to={paths.adminImport.getHref()} data-testid="menu-admin-import">
                <Upload aria-hidden="true" />
                {adminT.importSite}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.adminAnalytics.getHref()} data-testid="menu-admin-analytics">
                <BarChart3 aria-hidden="true" />
                {adminT.analytics}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.adminNewsletter.getHref()} data-testid="menu-admin-newsletter">
                <Mail aria-hidden="true" />
                {adminT.newsletter}
              </Link>
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          data-testid="menu-logout"
          disabled={logout.isPending}
          onSelect={() => logout.mutate(undefined)}
        >
          <LogOut aria-hidden="true" />
          {authT.menu.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
