import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useLanguageStore } from '@/stores/language-store';
import { cardsResponse, makePostSummary, requestedUrls } from '@/testing/post-fixtures';
import { jsonResponse, mockFetch, renderRoutes, setLanguage } from '@/testing/test-utils';

import { CategoryRoute } from './category';

const routes = [{ path: '/category/:category', element: <CategoryRoute /> }];

function server(list: (path: string) => Response | Promise<Response>) {
  return mockFetch((path) => {
    if (path === '/api/user') return jsonResponse({ message: 'Not authenticated' }, 401);
    if (path === '/api/categories') return jsonResponse(['Fintech', 'Open Finance & APIs']);
    if (path.startsWith('/api/categories/')) return list(path);
    return new Response('not here', { status: 404 });
  });
}

describe('CategoryRoute', () => {
  it('lists the category posts of the content language in two columns', async () => {
    useLanguageStore.setState({ contentLanguage: 'cs' });
    const fetchMock = server(() =>
      cardsResponse([
        makePostSummary({ id: 1, category: 'Open Finance & APIs', title: 'First' }),
        makePostSummary({ id: 2, category: 'Open Finance & APIs', title: 'Second' }),
      ]),
    );
    renderRoutes(routes, '/category/Open%20Finance%20%26%20APIs');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Open Finance & APIs' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Articles related to Open Finance & APIs in payment technologies and fintech innovations.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('post-card-skeleton')).toHaveLength(4);
    expect(await screen.findAllByTestId('post-card')).toHaveLength(2);
    expect(screen.getByTestId('post-grid')).toHaveClass('sm:grid-cols-2');
    expect(requestedUrls(fetchMock)).toContain(
      '/api/categories/Open%20Finance%20%26%20APIs?language=cs&limit=12',
    );

    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(await within(nav).findByRole('link', { name: 'Open Finance & APIs' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Back to all posts' })).toHaveAttribute('href', '/');
  });

  it('shows the empty state in Czech', async () => {
    setLanguage('cs');
    server(() => cardsResponse([]));
    renderRoutes(routes, '/category/Fintech');
    expect(await screen.findByText('Nebyly nalezeny žádné příspěvky')).toBeInTheDocument();
    expect(screen.getByText('V této kategorii zatím nejsou žádné příspěvky.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zpět na všechny příspěvky' })).toBeInTheDocument();
  });

  it('reports a failed call', async () => {
    server(() => new Response('boom', { status: 500 }));
    renderRoutes(routes, '/category/Fintech');
    expect(await screen.findByTestId('post-list-error')).toHaveTextContent('Failed to fetch posts');
  });
});
