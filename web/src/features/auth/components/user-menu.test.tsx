import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { Toaster } from '@/components/ui/toast';
import {
  currentPath,
  jsonResponse,
  mockFetch,
  renderRoutes,
  setLanguage,
} from '@/testing/test-utils';
import type { User } from '@/types/api';

import { userQueryKey } from '../api/get-user';

import { ProtectedRoute } from './protected-route';
import { UserMenu } from './user-menu';

const routes: RouteObject[] = [
  {
    element: (
      <>
        <UserMenu />
        <Outlet />
        <Toaster />
      </>
    ),
    children: [
      { path: '/', element: <p>home page</p> },
      { path: '/profile', element: <p>profile page</p> },
    ],
  },
];

function account(overrides: Partial<User> = {}): User {
  return {
    id: 3,
    username: 'carol',
    email: 'carol@example.com',
    role: 'user',
    approvalStatus: 'approved',
    emailVerified: true,
    createdAt: '2024-03-05T10:00:00Z',
    ...overrides,
  };
}

function signedInAs(user: User, logout: () => Response = () => jsonResponse({}, 200)) {
  return mockFetch((path) => (path === '/api/logout' ? logout() : jsonResponse(user)));
}

async function openMenu(start = '/') {
  const user = userEvent.setup();
  const rendered = renderRoutes(routes, start);
  await user.click(await screen.findByTestId('user-menu'));
  const menu = await screen.findByRole('menu');
  return { user, menu, ...rendered };
}

describe('UserMenu', () => {
  it('offers Sign In to a visitor', async () => {
    mockFetch(() => jsonResponse({ message: 'Not authenticated' }, 401));
    renderRoutes(routes, '/');
    const signIn = await screen.findByTestId('sign-in-button');
    expect(signIn).toHaveTextContent('Sign In');
    expect(signIn).toHaveAttribute('href', '/auth');
  });

  it('shows the username; a user gets Profile and Logout, no Admin Dashboard', async () => {
    signedInAs(account());
    const { menu } = await openMenu();
    expect(screen.getByTestId('user-menu-name')).toHaveTextContent('carol');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Profile', 'My posts', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(menu).queryByTestId('approval-notice')).not.toBeInTheDocument();
  });

  it('adds Admin Dashboard and the admin screens, in the dashboard order, for an admin', async () => {
    signedInAs(account({ username: 'admin', role: 'admin' }));
    const { menu } = await openMenu();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Profile', '/profile'],
      ['My posts', '/my-posts'],
      ['Admin Dashboard', '/admin'],
      ['Import', '/admin/import'],
      ['Analytics', '/admin/analytics'],
      ['Newsletter', '/admin/newsletter'],
      ['Logout', null],
    ]);
  });

  it('names the admin screens in Czech for an admin', async () => {
    setLanguage('cs');
    signedInAs(account({ username: 'admin', role: 'admin' }));
    const { menu } = await openMenu();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Profil', '/profile'],
      ['Moje příspěvky', '/my-posts'],
      ['Administrace', '/admin'],
      ['Import', '/admin/import'],
      ['Analytika', '/admin/analytics'],
      ['Newsletter', '/admin/newsletter'],
      ['Odhlásit se', null],
    ]);
  });

  it('shows an approved author (a user, not an admin) none of the admin screens', async () => {
    signedInAs(account({ role: 'user', approvalStatus: 'approved' }));
    const { menu } = await openMenu();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'My posts', 'Logout']);
    expect(within(menu).queryByRole('link', { name: /Import|Analytics|Newsletter/ })).toBeNull();
  });

  it('tells a pending user, in both languages', async () => {
    signedInAs(account({ approvalStatus: 'pending' }));
    const { menu } = await openMenu();
    expect(within(menu).getByTestId('approval-notice')).toHaveTextContent(
      'Your account is pending approval',
    );
    expect(screen.getByTestId('approval-dot')).toBeInTheDocument();
  });

  it('tells a pending user in Czech, with the Czech entries', async () => {
    setLanguage('cs');
    signedInAs(account({ approvalStatus: 'pending' }));
    const { menu } = await openMenu();
    expect(within(menu).getByTestId('approval-notice')).toHaveTextContent(
      'Váš účet čeká na schválení',
    );
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profil', 'Moje příspěvky', 'Odhlásit se']);
  });

  it('tells a rejected user', async () => {
    signedInAs(account({ approvalStatus: 'rejected' }));
    const { menu } = await openMenu();
    expect(within(menu).getByTestId('approval-notice')).toHaveTextContent(
      'Your account request was rejected',
    );
  });

  it('logs out: POST /api/logout, user null, toast, back to /', async () => {
    const fetchMock = signedInAs(account());
    const { user, menu, router, client } = await openMenu('/profile');
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(await screen.findByTestId('sign-in-button')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    expect(client.getQueryData(userQueryKey)).toBeNull();
    const logoutCall = fetchMock.mock.calls.find(([input]) => input === '/api/logout');
    expect(logoutCall?.[1]?.method).toBe('POST');
  });

  it('logs out of a protected page to /, even while the home page still loads', async () => {
    signedInAs(account());
    const lazyRoutes: RouteObject[] = [
      {
        element: (
          <>
            <UserMenu />
            <Outlet />
            <Toaster />
          </>
        ),
        children: [
          {
            path: '/',
            lazy: async () => {
              await new Promise((resolve) => setTimeout(resolve, 50));
              return { Component: () => <p>home page</p> };
            },
          },
          { path: '/auth', element: <p>auth page</p> },
          {
            element: <ProtectedRoute />,
            children: [{ path: '/profile', element: <p>profile page</p> }],
          },
        ],
      },
    ];
    const user = userEvent.setup();
    const { router } = renderRoutes(lazyRoutes, '/profile');
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    await user.click(screen.getByTestId('user-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    expect(screen.queryByText('auth page')).not.toBeInTheDocument();
  });

  it('reports a failed logout and keeps the user', async () => {
    signedInAs(account(), () => jsonResponse({ message: 'Database unavailable' }, 503));
    const { user, menu, client } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Logout failed')).toBeInTheDocument();
    expect(within(toast).getByText('Database unavailable')).toBeInTheDocument();
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(client.getQueryData(userQueryKey)).toMatchObject({ username: 'carol' });
  });
});
