import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { currentPath, jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';

import { appRoutes } from './router';

function loggedOutServer() {
  return mockFetch((path) =>
    path === '/api/user'
      ? jsonResponse({ message: 'Not authenticated' }, 401)
      : new Response('not here', { status: 404 }),
  );
}

describe('app routes', () => {
  it('shows the 404 screen for an unknown path', async () => {
    loggedOutServer();
    renderRoutes(appRoutes, '/no-such-page');
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it.each(['/posts/new', '/post-editor/some-post', '/admin/site-settings', '/profile'])(
    'sends a logged-out visitor from %s to /auth',
    async (path) => {
      loggedOutServer();
      const { router } = renderRoutes(appRoutes, path);
      expect(await screen.findByText('Sign in to manage blog content')).toBeInTheDocument();
      expect(currentPath(router)).toBe('/auth');
    },
  );

  it('shows both post detail routes', async () => {
    loggedOutServer();
    renderRoutes(appRoutes, '/posts/open-banking-101');
    expect(await screen.findByRole('heading', { name: 'open-banking-101' })).toBeInTheDocument();
  });

  it('decodes the category name', async () => {
    loggedOutServer();
    renderRoutes(appRoutes, '/category/Digital%20Payments');
    expect(await screen.findByRole('heading', { name: 'Digital Payments' })).toBeInTheDocument();
  });

  it('titles search results with the query', async () => {
    loggedOutServer();
    renderRoutes(appRoutes, '/search?q=open%20banking');
    expect(
      await screen.findByRole('heading', { name: 'Search Results for "open banking"' }),
    ).toBeInTheDocument();
  });
});
