import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { makePostSummary, requestedUrls } from '@/testing/post-fixtures';
import {
  currentPath,
  jsonResponse,
  mockFetch,
  renderRoutes,
  setLanguage,
} from '@/testing/test-utils';

import { SearchLauncher } from './search-launcher';

const routes = [
  {
    path: '/',
    element: (
      <>
        <SearchLauncher contentLanguage="en" />
        <input aria-label="Somewhere else" />
      </>
    ),
  },
  { path: '/post/:slug', element: <p>post page</p> },
  { path: '/search', element: <p>search page</p> },
];

const hits = [
  {
    ...makePostSummary({ id: 1, title: 'Open banking in 2024', category: 'Open Banking' }),
    snippet: 'what <mark>open</mark> APIs &amp; <img src=x onerror=alert(1)>banks',
  },
  { ...makePostSummary({ id: 2, title: 'Otevřené bankovnictví', language: 'cs' }), snippet: '' },
];

function server(
  answer: (path: string) => Response | Promise<Response> = () =>
    jsonResponse({ results: hits, total: 9, suggestion: '' }),
) {
  return mockFetch((path) => {
    if (path.startsWith('/api/search')) return answer(path);
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

function nth(elements: HTMLElement[], index: number): HTMLElement {
  const element = elements[index];
  if (!element) throw new Error(`no element ${index}`);
  return element;
}

async function openWithSlash() {
  const user = userEvent.setup();
  const rendered = renderRoutes(routes, '/');
  await user.keyboard('/');
  const input = await screen.findByRole('combobox');
  await waitFor(() => expect(input).toHaveFocus());
  return { user, input, ...rendered };
}

// Each test types through the debounce and a lazily loaded panel: slow on a busy two-core machine.
describe('the instant search panel', { timeout: 20_000 }, () => {
  it('opens on /, shows each hit with its category, language, date and passage', async () => {
    const fetchMock = server();
    const { user, input } = await openWithSlash();
    expect(input).toHaveAccessibleName('Search articles');
    await user.type(input, 'open');

    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(2);
    const first = within(nth(options, 0));
    expect(first.getByText('Open banking in 2024')).toBeInTheDocument();
    expect(first.getByText('Open Banking')).toBeInTheDocument();
    expect(first.getByText('English')).toBeInTheDocument();
    expect(first.getByText('March 5, 2024')).toBeInTheDocument();
    expect(first.getByText('open').tagName).toBe('MARK');
    expect(options[0]).toHaveTextContent('what open APIs & banks');
    expect(options[0]?.querySelector('img')).toBeNull();
    expect(within(nth(options, 1)).getByText('Čeština')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('9 results'));
    expect(screen.getByRole('listbox')).toHaveAttribute('id', input.getAttribute('aria-controls'));

    // On a slow machine a prefix may have been sent (and aborted) first; the last is the query.
    const searches = requestedUrls(fetchMock).filter((url) => url.startsWith('/api/search'));
    expect(searches.slice(-1)).toEqual(['/api/search?q=open&language=en&limit=6']);
  });

  it('moves through the hits with the arrow keys and opens the active one with Enter', async () => {
    server();
    const { user, input, router } = await openWithSlash();
    await user.type(input, 'open');
    const options = await screen.findAllByRole('option');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('post page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/post/post-1');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('goes to all results with Enter on the query, or with "See all results"', async () => {
    server();
    const { user, input, router } = await openWithSlash();
    await user.type(input, ' card fees ');
    await screen.findAllByRole('option');
    expect(screen.getByRole('link', { name: 'See all results' })).toHaveAttribute(
      'href',
      '/search?q=card%20fees',
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByText('search page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/search?q=card%20fees');
  });

  it('closes on Escape, opens on Ctrl-K, and never while the reader types elsewhere', async () => {
    server();
    const { user } = await openWithSlash();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());

    await user.click(screen.getByRole('textbox', { name: 'Somewhere else' }));
    await user.keyboard('/');
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Somewhere else' })).toHaveValue('/');

    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('combobox')).toBeInTheDocument();
  });

  it('opens when the header field gets the focus, and focus back there does not reopen it', async () => {
    server();
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    await user.click(screen.getByTestId('header-search-field'));
    const input = await screen.findByRole('combobox');
    await waitFor(() => expect(input).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('header-search-field')).toHaveFocus());
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('aborts the request in flight when the reader types on', async () => {
    const sent = new Map<string, AbortSignal>();
    const fetchMock = mockFetch((path, init) => {
      if (init?.signal) sent.set(path, init.signal);
      if (path.includes('q=op&'))
        return new Promise<Response>(() => {
          // Never answers: the next keystroke aborts it.
        });
      return jsonResponse({ results: hits, total: 2, suggestion: '' });
    });
    const pending = '/api/search?q=op&language=en&limit=6';
    const { user, input } = await openWithSlash();
    await user.type(input, 'op');
    await waitFor(() => expect(sent.has(pending)).toBe(true));
    await user.type(input, 'en');
    expect(sent.get(pending)?.aborted).toBe(true);
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    expect(requestedUrls(fetchMock).slice(-1)).toEqual(['/api/search?q=open&language=en&limit=6']);
  });

  it('says when nothing matches, and when the search fails', async () => {
    server((path) =>
      path.includes('q=zzz')
        ? jsonResponse({ results: [], total: 0, suggestion: '' })
        : jsonResponse({ message: 'Search is unavailable' }, 503),
    );
    const { user, input } = await openWithSlash();
    await user.type(input, 'zzz');
    expect(await screen.findByTestId('search-panel-empty')).toHaveTextContent('No results found');
    expect(screen.getByRole('status')).toHaveTextContent('No results found');
    await user.clear(input);
    await user.type(input, 'fees');
    expect(await screen.findByTestId('search-panel-error')).toHaveTextContent(
      'Error searching: Search is unavailable',
    );
  });

  it('speaks Czech', async () => {
    setLanguage('cs');
    server();
    const { user, input } = await openWithSlash();
    expect(
      screen.getByText('Napište slovo nebo dvě: výsledky se objevují už během psaní'),
    ).toBeInTheDocument();
    await user.type(input, 'open');
    const options = await screen.findAllByRole('option');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('9 výsledků'));
    // An English hit on a Czech page is read as English (WCAG 3.1.2), its labels as Czech.
    const english = within(nth(options, 0));
    expect(english.getByText('Open banking in 2024')).toHaveAttribute('lang', 'en');
    expect(english.getByText('open').closest('[lang]')).toHaveAttribute('lang', 'en');
    expect(english.getByText('Open Banking').closest('[lang]')).toBeNull();
    expect(within(nth(options, 1)).getByText('Otevřené bankovnictví')).toHaveAttribute(
      'lang',
      'cs',
    );
    expect(screen.getByRole('link', { name: 'Zobrazit všechny výsledky' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zavřít hledání' })).toBeInTheDocument();
  });
});
