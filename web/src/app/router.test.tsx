import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { requestedUrls } from '@/testing/post-fixtures';
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
    expect(screen.getByText('The page you are looking for does not exist.')).toBeInTheDocument();
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

  it.each(['/post/open-banking-101', '/posts/open-banking-101'])(
    'shows the post detail page at %s',
    async (path) => {
      const fetchMock = loggedOutServer();
      renderRoutes(appRoutes, path);
      expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeInTheDocument();
      expect(requestedUrls(fetchMock)).toContain('/api/posts/open-banking-101');
    },
  );

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
