import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Toaster } from '@/components/ui/toast';
import { jsonResponse, mockFetch, renderWithQueryClient, setLanguage } from '@/testing/test-utils';
import type { User } from '@/types/api';

import { UsersDashboard } from './users-dashboard';

// jsdom lacks the scrolling Radix Select does when it opens.
beforeAll(() => {
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    value: () => undefined,
    configurable: true,
    writable: true,
  });
});
afterAll(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

function account(id: number, overrides: Partial<User>): User {
  return {
    id,
    username: `user${id}`,
    email: `user${id}@example.com`,
    role: 'user',
    approvalStatus: 'pending',
    emailVerified: false,
    createdAt: '2024-03-05T10:00:00Z',
    ...overrides,
  };
}

const admin = account(1, {
  username: 'admin',
  role: 'admin',
  approvalStatus: 'approved',
  emailVerified: true,
});
const alice = account(2, { username: 'alice', approvalStatus: 'approved', emailVerified: true });
const bob = account(3, { username: 'bob', approvalStatus: 'pending' });
const carol = account(4, { username: 'carol', approvalStatus: 'rejected' });

/** A fake server holding the users; PATCH changes them (or answers `patchFailure`). */
function server(initial: User[], patchFailure?: () => Response, patchDelay?: Promise<void>) {
  let users = initial.map((user) => ({ ...user }));
  let listCalls = 0;
  const patches: { path: string; body: unknown }[] = [];
  const ended: number[] = [];
  mockFetch(async (path, init) => {
    if (path === '/api/admin/users') {
      listCalls += 1;
      return jsonResponse(users);
    }
    const match = /^\/api\/admin\/users\/(\d+)\/approval$/.exec(path);
    if (match && init?.method === 'PATCH') {
      const body = JSON.parse(init.body as string) as { status: User['approvalStatus'] };
      patches.push({ path, body });
      await patchDelay;
      if (patchFailure) return patchFailure();
      const { status } = body;
      users = users.map((user) =>
        user.id === Number(match[1]) ? { ...user, approvalStatus: status } : user,
      );
      return jsonResponse(users.find((user) => user.id === Number(match[1])));
    }
    const ending = /^\/api\/admin\/users\/(\d+)\/sessions$/.exec(path);
    if (ending && init?.method === 'DELETE') {
      ended.push(Number(ending[1]));
      if (!users.some((user) => user.id === Number(ending[1]))) {
        return jsonResponse({ message: 'User not found' }, 404);
      }
      return jsonResponse({ ended: 3 });
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return { patches, ended, listCalls: () => listCalls };
}

function renderDashboard() {
  const user = userEvent.setup();
  const rendered = renderWithQueryClient(
    <>
      <UsersDashboard />
      <Toaster />
    </>,
  );
  return { user, ...rendered };
}

describe('UsersDashboard', () => {
  it('says Loading users... while the list loads', () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    renderDashboard();
    expect(screen.getByTestId('users-loading')).toHaveTextContent('Loading users...');
  });

  it('shows the three tabs with their counts and the full table', async () => {
    server([admin, alice, bob, carol]);
    renderDashboard();
    expect(await screen.findByTestId('count-users')).toHaveTextContent('4');
    expect(screen.getByTestId('count-pending')).toHaveTextContent('1');
    expect(screen.getByTestId('count-approved')).toHaveTextContent('2');
    expect(screen.getByRole('tab', { name: 'Users 4' })).toHaveAttribute('aria-selected', 'true');

    const table = screen.getByTestId('users-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Username', 'Email', 'Role', 'Status', 'Email Verified', 'Actions']);

    const badges = ['user-row-2', 'user-row-3', 'user-row-4'].map((id) => {
      const badge = screen.getByTestId(id).querySelector('[data-status]');
      if (!badge) throw new Error(`no status badge in ${id}`);
      return badge;
    });
    expect(badges.map((badge) => badge.textContent)).toEqual(['Approved', 'Pending', 'Rejected']);
    expect(badges[0]).toHaveClass('bg-green-100');
    expect(badges[1]).toHaveClass('bg-yellow-100');
    expect(badges[2]).toHaveClass('bg-red-600');
  });

  it('paints an unknown status yellow like pending', async () => {
    server([{ ...bob, approvalStatus: 'suspended' as User['approvalStatus'] }]);
    renderDashboard();
    const badge = within(await screen.findByTestId('user-row-3')).getByText('suspended');
    expect(badge).toHaveClass('bg-yellow-100');
  });

  it('disables the status dropdown for admins only', async () => {
    server([admin, alice]);
    renderDashboard();
    expect(await screen.findByTestId('status-select-1')).toBeDisabled();
    expect(screen.getByTestId('status-select-2')).toBeEnabled();
    expect(screen.getByTestId('status-select-2')).toHaveTextContent('Approved');
  });

  it('shows the empty states of each tab', async () => {
    server([]);
    const { user } = renderDashboard();
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Pending/ }));
    expect(screen.getByText('No pending users')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Approved/ }));
    expect(screen.getByText('No approved users')).toBeInTheDocument();
  });

  it('shows the empty states and tabs in Czech', async () => {
    setLanguage('cs');
    server([]);
    const { user } = renderDashboard();
    expect(await screen.findByText('Nebyli nalezeni žádní uživatelé')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Čekající/ }));
    expect(screen.getByText('Žádní uživatelé nečekají na schválení')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Schválení/ }));
    expect(screen.getByText('Žádní schválení uživatelé')).toBeInTheDocument();
  });

  it('lists pending and approved users in their tabs', async () => {
    server([admin, alice, bob, carol]);
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('tab', { name: /Pending/ }));
    const pending = screen.getByTestId('pending-table');
    expect(
      within(pending)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Username', 'Email', 'Actions']);
    expect(within(pending).getAllByRole('row')).toHaveLength(2);
    expect(within(pending).getByText('bob')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Approved/ }));
    const approved = screen.getByTestId('approved-table');
    expect(
      within(approved)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Username', 'Email', 'Email Verified']);
    expect(within(approved).getByText('admin')).toBeInTheDocument();
    expect(within(approved).getByText('alice')).toBeInTheDocument();
  });

  it('approves from the Pending tab: PATCH, toast, refetched counts', async () => {
    const { patches, listCalls } = server([alice, bob]);
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('tab', { name: /Pending/ }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('User has been approved')).toBeInTheDocument();
    expect(screen.getByText('User updated')).toBeInTheDocument();
    expect(patches).toEqual([
      { path: '/api/admin/users/3/approval', body: { status: 'approved' } },
    ]);
    expect(listCalls()).toBe(2);
    await waitFor(() => expect(screen.getByTestId('count-pending')).toHaveTextContent('0'));
    expect(screen.getByTestId('count-approved')).toHaveTextContent('2');
    expect(screen.getByText('No pending users')).toBeInTheDocument();
  });

  it('ends all sessions of a user and says how many', async () => {
    const { ended } = server([admin, alice]);
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'End all sessions: alice' }));
    expect(await screen.findByText('Sessions ended: 3')).toBeInTheDocument();
    expect(ended).toEqual([2]);
  });

  it('ends sessions in Czech too', async () => {
    setLanguage('cs');
    server([alice]);
    const { user } = renderDashboard();
    await user.click(
      await screen.findByRole('button', { name: 'Ukončit všechna přihlášení: alice' }),
    );
    expect(await screen.findByText('Ukončená přihlášení: 3')).toBeInTheDocument();
  });

  it('rejects from the Pending tab', async () => {
    server([bob]);
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('tab', { name: /Pending/ }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('User has been rejected')).toBeInTheDocument();
  });

  it('changes a status from the dropdown, disabled while the update is in flight', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server([alice, bob], undefined, gate);
    const { user } = renderDashboard();
    const trigger = await screen.findByTestId('status-select-3');
    trigger.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));

    await waitFor(() => expect(screen.getByTestId('status-select-2')).toBeDisabled());
    expect(screen.getByTestId('status-select-3')).toBeDisabled();
    release();

    expect(
      await screen.findByText("The user's status has been updated successfully."),
    ).toBeInTheDocument();
    expect(screen.getByText('User updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('status-select-3')).toBeEnabled());
    expect(screen.getByTestId('status-select-3')).toHaveTextContent('Rejected');
  });

  it('reports a failed update with the server message', async () => {
    server([bob], () => jsonResponse({ message: 'User not found' }, 404));
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('tab', { name: /Pending/ }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Error updating user')).toBeInTheDocument();
    expect(within(toast).getByText('User not found')).toBeInTheDocument();
    expect(toast).toHaveAttribute('data-variant', 'destructive');
  });

  it('says so when the list cannot be loaded', async () => {
    mockFetch(() => jsonResponse({ message: 'Admin access required' }, 403));
    renderDashboard();
    expect(await screen.findByTestId('users-error')).toHaveTextContent('Admin access required');
  });
});
