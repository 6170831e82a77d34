import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { currentPath, jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import type { User } from '@/types/api';

import { GuestOnlyRoute, ProtectedRoute } from './protected-route';

const routes = [
  { path: '/', element: <p>home page</p> },
  { element: <GuestOnlyRoute />, children: [{ path: '/auth', element: <p>auth page</p> }] },
  { element: <ProtectedRoute />, children: [{ path: '/profile', element: <p>profile page</p> }] },
  {
    element: <ProtectedRoute requireAdmin />,
    children: [{ path: '/admin', element: <p>admin page</p> }],
  },
];

function user(role: User['role']): User {
  return {
    id: 7,
    username: 'someone',
    email: 'someone@example.com',
    role,
    approvalStatus: 'approved',
    emailVerified: true,
    createdAt: '2024-03-05T10:00:00Z',
  };
}

describe('ProtectedRoute', () => {
  it('shows a spinner while the session is checked', () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    renderRoutes(routes, '/profile');
    expect(screen.getByTestId('session-spinner')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('sends a visitor without a session to /auth', async () => {
    mockFetch(() => jsonResponse({ message: 'Not authenticated' }, 401));
    const { router } = renderRoutes(routes, '/profile');
    expect(await screen.findByText('auth page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/auth');
  });

  it('sends to /auth when the session check fails', async () => {
    mockFetch(() => new Response('boom', { status: 500 }));
    const { router } = renderRoutes(routes, '/admin');
    expect(await screen.findByText('auth page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/auth');
  });

  it('lets a signed-in user in', async () => {
    mockFetch(() => jsonResponse(user('user')));
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('profile page')).toBeInTheDocument();
  });

  it('sends a non-admin on an admin route to /', async () => {
    mockFetch(() => jsonResponse(user('user')));
    const { router } = renderRoutes(routes, '/admin');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
  });

  it('lets an admin into admin routes', async () => {
    mockFetch(() => jsonResponse(user('admin')));
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('admin page')).toBeInTheDocument();
  });
});

describe('GuestOnlyRoute', () => {
  it('sends a signed-in user from /auth to /', async () => {
    mockFetch(() => jsonResponse(user('user')));
    const { router } = renderRoutes(routes, '/auth');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
  });
});
