import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { useToastStore } from '@/components/ui/toast/use-toast';
import { cardsResponse, makePostSummary, requestedUrls } from '@/testing/post-fixtures';
import { currentPath, jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import type { PostSummary } from '@/types/api';

import { HomeRoute } from './home';

const routes = [
  { path: '/', element: <HomeRoute /> },
  { path: '/category/:category', element: <p>category page</p> },
];

const english = Array.from({ length: 5 }, (_, i) =>
  makePostSummary({
    id: i + 1,
    title: `English ${i + 1}`,
    category: i < 3 ? 'Fintech' : 'Innovation',
  }),
);
const czech = makePostSummary({ id: 50, title: 'České platby', language: 'cs', authorId: 9 });

interface ServerOptions {
  user?: { id: number; username: string } | null;
  posts?: (params: URLSearchParams) => Response | Promise<Response>;
}

function server({ user = null, posts }: ServerOptions = {}) {
  return mockFetch((path) => {
    const [pathname = '', search = ''] = path.split('?');
    if (pathname === '/api/user') {
      return user ? jsonResponse(user) : jsonResponse({ message: 'Not authenticated' }, 401);
    }
    if (pathname === '/api/categories') return jsonResponse(['Fintech', 'Innovation']);
    if (pathname === '/api/posts') {
      const params = new URLSearchParams(search);
      if (posts) return posts(params);
      return cardsResponse(params.get('language') === 'cs' ? [czech, ...english] : english);
    }
    return new Response('not here', { status: 404 });
  });
}

const titles = () => screen.getAllByTestId('post-card-title').map((link) => link.textContent);

describe('HomeRoute', () => {
  it('shows four placeholders, then featured and latest posts in English', async () => {
    let answer: (posts: PostSummary[]) => void = () => undefined;
    server({
      posts: () =>
        new Promise<Response>((resolve) => {
          answer = (posts) => resolve(cardsResponse(posts));
        }),
    });
    renderRoutes(routes, '/');
    expect(screen.getByRole('heading', { level: 2, name: 'Latest Articles' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('post-card-skeleton')).toHaveLength(4);

    answer(english);
    const featured = await screen.findByTestId('featured-posts');
    expect(within(featured).getByRole('heading', { name: 'Featured Posts' })).toBeInTheDocument();
    expect(within(featured).getAllByTestId('post-card')).toHaveLength(3);
    const latest = screen.getByTestId('latest-posts');
    expect(within(latest).getByRole('heading', { name: 'Latest Posts' })).toBeInTheDocument();
    expect(within(latest).getAllByTestId('post-card')).toHaveLength(2);
    expect(titles()).toEqual(english.map((post) => post.title));

    const popular = screen.getByTestId('popular-categories');
    expect(popular).toHaveTextContent('Popular Categories');
    expect(within(popular).getByRole('link', { name: 'Fintech 3' })).toHaveAttribute(
      'href',
      '/category/Fintech',
    );
  });

  it('switches the content language with a toast and fetches Czech and English posts', async () => {
    const user = userEvent.setup();
    const fetchMock = server();
    renderRoutes(routes, '/');
    await screen.findAllByTestId('post-card');
    expect(screen.queryByText('České platby')).not.toBeInTheDocument();

    const filters = screen.getByTestId('content-filters');
    expect(within(filters).getByRole('heading', { name: 'Content Filters' })).toBeInTheDocument();
    await user.click(within(filters).getByRole('radio', { name: 'Czech + English' }));

    expect(await screen.findByText('České platby')).toBeInTheDocument();
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Language Filter Changed',
      description: 'Now showing Czech and English posts',
    });
    expect(requestedUrls(fetchMock)).toEqual(
      expect.arrayContaining([
        '/api/posts?language=en&limit=12',
        '/api/posts?language=cs&limit=12',
      ]),
    );
  });

  it('pages with Load more using the server cursor', async () => {
    const user = userEvent.setup();
    const fetchMock = server({
      posts: (params) =>
        params.get('cursor') === '1700_4'
          ? cardsResponse([makePostSummary({ id: 99, title: 'Older post' })])
          : cardsResponse(english, '1700_4'),
    });
    renderRoutes(routes, '/');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older post')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requestedUrls(fetchMock)).toContain('/api/posts?language=en&limit=12&cursor=1700_4');
  });

  it('shows the empty state', async () => {
    server({ posts: () => cardsResponse([]) });
    renderRoutes(routes, '/');
    expect(await screen.findByText('No articles found')).toBeInTheDocument();
    expect(
      screen.getByText('Try changing your category selection or language preference'),
    ).toBeInTheDocument();
  });

  it('shows Failed to fetch posts when the list call fails', async () => {
    server({ posts: () => jsonResponse({ message: 'Service Unavailable' }, 503) });
    renderRoutes(routes, '/');
    const alert = await screen.findByTestId('post-list-error');
    expect(alert).toHaveTextContent('Failed to fetch posts');
  });

  it('offers Sign In to visitors and Create New Post to signed-in users', async () => {
    server();
    const visitor = renderRoutes(routes, '/');
    expect(await screen.findByTestId('home-sign-in')).toHaveAttribute('href', '/auth');
    expect(screen.queryByTestId('create-post-button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Category' })).not.toBeInTheDocument();
    visitor.unmount();

    server({ user: { id: 9, username: 'bob' } });
    renderRoutes(routes, '/');
    expect(await screen.findByRole('link', { name: 'Create New Post' })).toHaveAttribute(
      'href',
      '/posts/new',
    );
    expect(screen.queryByTestId('home-sign-in')).not.toBeInTheDocument();
    expect(
      await within(screen.getByTestId('content-filters')).findByRole('button', {
        name: 'Create Category',
      }),
    ).toBeInTheDocument();
  });

  it('shows the edit button on the signed-in author’s own cards only', async () => {
    server({
      user: { id: 9, username: 'bob' },
      posts: () => cardsResponse([czech, ...english]),
    });
    renderRoutes(routes, '/');
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Edit post' })).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Edit post' })).toHaveAttribute(
      'href',
      `/posts/edit/${czech.slug}`,
    );
  });

  it('goes to a category from the sidebar', async () => {
    const user = userEvent.setup();
    server();
    const { router } = renderRoutes(routes, '/');
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(nav).getByRole('link', { name: 'All Posts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(await within(nav).findByRole('link', { name: 'Innovation' }));
    expect(currentPath(router)).toBe('/category/Innovation');
  });
});
