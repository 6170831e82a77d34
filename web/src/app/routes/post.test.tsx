import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makePost, requestedUrls } from '@/testing/post-fixtures';
import { jsonResponse, mockFetch, renderRoutes, setLanguage } from '@/testing/test-utils';

import { PostRoute } from './post';

const routes = [
  { path: '/post/:slug', element: <PostRoute /> },
  { path: '/posts/:slug', element: <PostRoute /> },
];

function server(post: (path: string) => Response | Promise<Response>) {
  return mockFetch((path) => {
    if (path === '/api/user') return jsonResponse({ message: 'Not authenticated' }, 401);
    if (path.startsWith('/api/posts/')) return post(path);
    return new Response('not here', { status: 404 });
  });
}

const html =
  '<p>Intro <a href="https://example.com">link</a></p><h2>Key Points</h2><ul><li>One</li></ul>' +
  '<h2>Conclusion</h2><p>Bye</p>';

describe('PostRoute', () => {
  it('shows a six-line skeleton while loading', () => {
    server(() => new Promise<Response>(() => undefined));
    renderRoutes(routes, '/post/anything');
    expect(screen.getByTestId('post-loading')).toBeInTheDocument();
    expect(screen.getAllByTestId('post-skeleton-line')).toHaveLength(6);
  });

  it('shows the post: cover band, category, title, date, sanitised HTML and boxes', async () => {
    const fetchMock = server(() =>
      jsonResponse(
        makePost({
          slug: 'a b',
          title: 'Instant Payments',
          category: 'Digital Payments',
          coverImage: '/covers/x.svg',
          content: '<script>raw()</script>',
          contentHtml: html,
        }),
      ),
    );
    renderRoutes(routes, '/post/a%20b');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Instant Payments' }),
    ).toBeInTheDocument();
    expect(requestedUrls(fetchMock)).toContain('/api/posts/a%20b');
    expect(document.title).toBe('Instant Payments');

    const cover = screen.getByTestId('post-cover');
    expect(cover).toHaveClass('h-[500px]');
    expect(within(cover).getByTestId('post-cover-image')).toHaveAttribute('src', '/covers/x.svg');
    expect(within(cover).getByText('March 5, 2024')).toBeInTheDocument();
    expect(within(cover).getByRole('link', { name: 'Digital Payments' })).toHaveAttribute(
      'href',
      '/category/Digital%20Payments',
    );
    expect(within(cover).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(cover).getByRole('button', { name: 'Download cover image' })).toBeInTheDocument();

    const content = screen.getByTestId('post-content');
    expect(within(content).getByRole('link', { name: 'link' })).toHaveAttribute(
      'href',
      'https://example.com',
    );
    expect(content.innerHTML).not.toContain('raw()');
    const box = screen.getByTestId('post-highlight');
    expect(within(box).getByRole('heading', { name: 'Key Points' })).toBeInTheDocument();
    expect(within(box).getByText('One')).toBeInTheDocument();
    expect(within(box).queryByText('Bye')).not.toBeInTheDocument();

    const footer = screen.getByTestId('post-footer');
    expect(footer).toHaveTextContent('Category:');
    expect(within(footer).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Back to all posts' })).toHaveAttribute('href', '/');
  });

  it('serves the /posts/:slug alias and speaks Czech', async () => {
    setLanguage('cs');
    server(() => jsonResponse(makePost({ title: 'Platby' })));
    renderRoutes(routes, '/posts/platby');
    expect(await screen.findByRole('heading', { level: 1, name: 'Platby' })).toBeInTheDocument();
    expect(screen.getByText('5. března 2024')).toBeInTheDocument();
    expect(screen.getByTestId('post-footer')).toHaveTextContent('Kategorie:');
    expect(screen.getByRole('link', { name: 'Zpět na domovskou stránku' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zpět na všechny příspěvky' })).toBeInTheDocument();
  });

  it.each([
    ['a missing post', () => jsonResponse({ message: 'Post not found' }, 404)],
    ['a failed call', () => new Response('boom', { status: 500 })],
  ])('shows Post Not Found for %s', async (_, answer) => {
    server(answer);
    renderRoutes(routes, '/post/nope');
    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText('The post you are looking for could not be found or may have been removed.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
  });
});
