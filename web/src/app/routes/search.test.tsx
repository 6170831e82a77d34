import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { useLanguageStore } from '@/stores/language-store';
import { makePostSummary, requestedUrls } from '@/testing/post-fixtures';
import {
  currentPath,
  jsonResponse,
  mockFetch,
  renderRoutes,
  setLanguage,
} from '@/testing/test-utils';

import { SearchRoute } from './search';

const routes = [
  { path: '/', element: <p>home page</p> },
  { path: '/search', element: <SearchRoute /> },
];

type Answer = Response | Promise<Response>;

function server(search: (path: string) => Answer) {
  return mockFetch((path) => {
    if (path === '/api/user') return jsonResponse({ message: 'Not authenticated' }, 401);
    if (path.startsWith('/api/search')) return search(path);
    return new Response('not here', { status: 404 });
  });
}

const hit = (id: number, snippet: string) => ({ ...makePostSummary({ id }), snippet });

describe('SearchRoute', () => {
  it('shows placeholders while searching, then hits with snippets and the suggestion', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = server(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderRoutes(routes, '/search?q=%20platba%20');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Search Results for "platba"' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('platba');
    expect(await screen.findAllByTestId('post-card-skeleton')).toHaveLength(4);

    answer(
      jsonResponse({
        results: [hit(1, 'fast <mark>payment</mark>'), hit(2, 'a <mark>platba</mark>')],
        total: 2,
        suggestion: 'platby',
      }),
    );

    const cards = await screen.findAllByTestId('post-card');
    expect(cards).toHaveLength(2);
    expect(screen.getByText('payment').tagName).toBe('MARK');
    expect(screen.queryByTestId('post-card-skeleton')).not.toBeInTheDocument();
    expect(screen.getByTestId('search-suggestion')).toHaveTextContent('Did you mean platby?');
    expect(screen.getByRole('link', { name: 'platby' })).toHaveAttribute(
      'href',
      '/search?q=platby',
    );
    expect(screen.getByTestId('search-count')).toHaveTextContent('2 results');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');

    const searchCall = requestedUrls(fetchMock).find((url) => url.startsWith('/api/search'));
    expect(searchCall).toBe('/api/search?q=platba&language=en&limit=12');
  });

  it('uses the reader content language', async () => {
    useLanguageStore.setState({ contentLanguage: 'cs' });
    const fetchMock = server(() => jsonResponse({ results: [], total: 0, suggestion: '' }));
    renderRoutes(routes, '/search?q=karty');
    await screen.findByText('No results found');
    const searchCall = requestedUrls(fetchMock).find((url) => url.startsWith('/api/search'));
    expect(searchCall).toContain('language=cs');
  });

  it('shows the empty state', async () => {
    server(() => jsonResponse({ results: [], total: 0, suggestion: '' }));
    renderRoutes(routes, '/search?q=zzz');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(
      screen.getByText('Try searching for different keywords or browse all posts'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('search-suggestion')).not.toBeInTheDocument();
  });

  it('shows the error box with the server message', async () => {
    server(() => jsonResponse({ message: 'Search is unavailable' }, 503));
    renderRoutes(routes, '/search?q=fees');
    const box = await screen.findByTestId('search-error');
    expect(box).toHaveTextContent('Error searching: Search is unavailable');
    expect(box).toHaveTextContent('Please try a different search term');
    expect(box).toHaveAttribute('role', 'alert');
  });

  it('accepts a bare array of posts as the results', async () => {
    server(() => jsonResponse([makePostSummary({ id: 3, title: 'Card fees explained' })]));
    renderRoutes(routes, '/search?q=fees');
    expect(await screen.findByText('Card fees explained')).toBeInTheDocument();
    expect(screen.getByText('Excerpt of post 3.')).toBeInTheDocument();
  });

  it('goes home for a blank query without calling the search', async () => {
    const fetchMock = server(() => jsonResponse([]));
    const { router } = renderRoutes(routes, '/search?q=%20%20');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    expect(requestedUrls(fetchMock).some((url) => url.startsWith('/api/search'))).toBe(false);
  });

  it('loads the next page of hits', async () => {
    const user = userEvent.setup();
    const fetchMock = server((path) => {
      const cursor = new URLSearchParams(path.split('?')[1]).get('cursor');
      return cursor === null
        ? jsonResponse({ results: [hit(1, 'a')], total: 2, suggestion: '', nextCursor: 'bzE' })
        : jsonResponse({ results: [hit(2, 'b')], total: 2, suggestion: '' });
    });
    renderRoutes(routes, '/search?q=pay');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findAllByTestId('post-card')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requestedUrls(fetchMock)).toContain('/api/search?q=pay&language=en&limit=12&cursor=bzE');
  });

  it('speaks Czech', async () => {
    setLanguage('cs');
    server(() => jsonResponse({ results: [], total: 0, suggestion: 'platby' }));
    renderRoutes(routes, '/search?q=platba');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Výsledky hledání pro „platba“' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Nebyly nalezeny žádné výsledky')).toBeInTheDocument();
    expect(screen.getByTestId('search-suggestion')).toHaveTextContent('Měli jste na mysli platby?');
    expect(screen.getByRole('link', { name: 'Zpět na domovskou stránku' })).toBeInTheDocument();
  });
});

describe('SearchRoute filters', () => {
  const facets = {
    categories: [
      { name: 'Cards', count: 2 },
      { name: 'Open Banking', count: 1 },
    ],
    languages: [{ language: 'en', count: 3 }],
  };

  it('offers the Czech hits the content filter hid, and shows them in one click', async () => {
    const user = userEvent.setup();
    const fetchMock = server((path) =>
      path.includes('language=cs')
        ? jsonResponse({ results: [hit(5, 'x'), hit(6, 'y'), hit(7, 'z')], total: 3 })
        : jsonResponse({ results: [], total: 0, suggestion: '', hiddenByLanguage: 3 }),
    );
    renderRoutes(routes, '/search?q=bezpecnost');

    const offer = await screen.findByRole('button', {
      name: '3 results in Czech posts — show them',
    });
    expect(screen.getByText('No results found')).toBeInTheDocument();
    await user.click(offer);

    expect(useLanguageStore.getState().contentLanguage).toBe('cs');
    expect(await screen.findAllByTestId('post-card')).toHaveLength(3);
    expect(screen.queryByTestId('search-hidden-offer')).not.toBeInTheDocument();
    expect(requestedUrls(fetchMock)).toContain('/api/search?q=bezpecnost&language=cs&limit=12');
  });

  it('words the offer in Czech, with the Czech plural', async () => {
    setLanguage('cs');
    server(() => jsonResponse({ results: [], total: 0, suggestion: '', hiddenByLanguage: 5 }));
    renderRoutes(routes, '/search?q=bezpecnost');
    expect(
      await screen.findByRole('button', {
        name: '5 výsledků v českých příspěvcích — zobrazit je',
      }),
    ).toBeInTheDocument();
  });

  it('makes no offer when nothing was hidden or the server does not say', async () => {
    server(() => jsonResponse({ results: [hit(1, 'a')], total: 1, suggestion: '' }));
    renderRoutes(routes, '/search?q=fees');
    expect(await screen.findByTestId('search-refinements')).toBeInTheDocument();
    expect(screen.queryByTestId('search-hidden-offer')).not.toBeInTheDocument();
    expect(screen.queryByTestId('search-category-facets')).not.toBeInTheDocument();
  });

  it('shows the category facets as filters that narrow the query', async () => {
    const user = userEvent.setup();
    const fetchMock = server(() =>
      jsonResponse({ results: [hit(1, 'a')], total: 3, suggestion: '', facets }),
    );
    const { router } = renderRoutes(routes, '/search?q=fees');

    const cards = await screen.findByRole('link', { name: 'Cards 2' });
    expect(cards).toHaveAttribute('href', '/search?q=fees&category=Cards');
    expect(screen.getByRole('link', { name: 'Open Banking 1' })).toHaveAttribute(
      'href',
      '/search?q=fees&category=Open%20Banking',
    );
    expect(screen.getByRole('link', { name: 'All categories' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await user.click(cards);

    expect(currentPath(router)).toBe('/search?q=fees&category=Cards');
    expect(await screen.findByRole('link', { name: 'Cards 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(requestedUrls(fetchMock)).toContain(
      '/api/search?q=fees&language=en&category=Cards&limit=12',
    );
  });

  it('counts the hits of each content filter and switches it', async () => {
    const user = userEvent.setup();
    server(() =>
      jsonResponse({
        results: [hit(1, 'a')],
        total: 3,
        suggestion: '',
        facets,
        hiddenByLanguage: 2,
      }),
    );
    renderRoutes(routes, '/search?q=fees');
    const english = await screen.findByRole('button', { name: 'English only 3' });
    expect(english).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Czech + English 5' }));
    expect(useLanguageStore.getState().contentLanguage).toBe('cs');
  });
});
