import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { appRoutes } from '@/app/router';
import { currentPath, jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import type { User } from '@/types/api';

const signedIn: User = {
  id: 5,
  username: 'newbie',
  email: 'newbie@example.com',
  role: 'user',
  approvalStatus: 'pending',
  emailVerified: false,
  createdAt: '2024-03-05T10:00:00Z',
};

function server(user: User | null) {
  return mockFetch((path) => {
    if (path === '/api/user') {
      return user ? jsonResponse(user) : jsonResponse({ message: 'Not authenticated' }, 401);
    }
    if (path === '/api/verify-email') return jsonResponse({ message: 'Email verified' });
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

describe('auth routes', () => {
  it('/auth shows the sign-in screen to a visitor', async () => {
    server(null);
    renderRoutes(appRoutes, '/auth');
    expect(await screen.findByText('Sign in to manage blog content')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('auth-panel-title')).toHaveTextContent('PayTech Blog'),
    );
  });

  it('/verify-email without a token is the same screen', async () => {
    const fetchMock = server(null);
    renderRoutes(appRoutes, '/verify-email');
    expect(await screen.findByText('Sign in to manage blog content')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => input === '/api/verify-email')).toBe(false);
  });

  it('/verify-email?token= verifies a visitor and keeps the forms', async () => {
    server(null);
    renderRoutes(appRoutes, '/verify-email?token=abc');
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
    expect(screen.getByTestId('login-form')).toBeInTheDocument();
  });

  it('/verify-email?token= also works for the account signed in by its registration', async () => {
    server(signedIn);
    const { router } = renderRoutes(appRoutes, '/verify-email?token=abc');
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
    expect(screen.getByTestId('auth-signed-in')).toHaveTextContent('You are signed in as newbie.');
    expect(currentPath(router)).toBe('/verify-email?token=abc');
  });
});
