// Admin → Newsletter (/admin/newsletter): reached from the dashboard in both languages; counts,
// the list with its search, filters and paging, removal after a confirmation, the CSV link, and
// each post's state with 'Send by e-mail' (202 and 409); loading, empty and error states; the
// search waits for the typing to pause and keeps the list shown while the next one loads.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { appRoutes } from '@/app/router';
import { SUBSCRIBER_SEARCH_DEBOUNCE_MS } from '@/features/newsletter-admin/api/newsletter-admin';
import { jsonResponse, mockFetch, renderRoutes, setLanguage } from '@/testing/test-utils';
import type { User } from '@/types/api';

const admin: User = {
  id: 1,
  username: 'admin',
  email: 'admin@paytech.local',
  role: 'admin',
  approvalStatus: 'approved',
  emailVerified: true,
  createdAt: '2024-03-05T10:00:00Z',
};

const counts = {
  en: { pending: 1, active: 12, unsubscribed: 2, suppressed: 0 },
  cs: { pending: 0, active: 7, unsubscribed: 0, suppressed: 1 },
};

const subscribers = [
  {
    id: 5,
    email: 'ctenar@example.com',
    language: 'cs',
    state: 'active',
    createdAt: '2026-11-20T10:00:00.000Z',
    confirmedAt: '2026-11-20T10:05:00.000Z',
  },
  {
    id: 4,
    email: 'reader@example.com',
    language: 'en',
    state: 'pending',
    createdAt: '2026-11-19T10:00:00.000Z',
    confirmedAt: null,
  },
];

const posts = [
  {
    id: 9,
    title: 'Instant payments',
    slug: 'instant-payments',
    language: 'en',
    newsletter: 'sent',
    newsletterSentAt: '2026-11-24T08:00:00.000Z',
    queued: 1,
    sent: 17,
    failed: 2,
  },
  {
    id: 8,
    title: 'Card fees',
    slug: 'card-fees',
    language: 'en',
    newsletter: 'skipped',
    newsletterSentAt: null,
    queued: 0,
    sent: 0,
    failed: 0,
  },
];

interface Answers {
  list?: (path: string) => Response | Promise<Response>;
  posts?: () => Response;
  remove?: () => Response;
  send?: () => Response;
}

function server(answers: Answers = {}) {
  const asked: string[] = [];
  mockFetch((path, init) => {
    const method = init?.method ?? 'GET';
    asked.push(`${method} ${path}`);
    if (path === '/api/user') return jsonResponse(admin);
    if (path === '/api/admin/users') return jsonResponse([admin]);
    if (path.startsWith('/api/admin/search-stats'))
      return jsonResponse({ top: [], zeroResults: [] });
    if (path.startsWith('/api/glossary')) return jsonResponse([]);
    if (path.startsWith('/api/admin/newsletter/subscribers/') && method === 'DELETE')
      return answers.remove?.() ?? new Response(null, { status: 204 });
    if (path.startsWith('/api/admin/newsletter/subscribers'))
      return (
        answers.list?.(path) ??
        jsonResponse({ subscribers, total: 2, page: 1, pageSize: 20, counts })
      );
    if (path.endsWith('/send') && method === 'POST')
      return answers.send?.() ?? jsonResponse({ queued: 19 }, 202);
    if (path === '/api/admin/newsletter/posts') return answers.posts?.() ?? jsonResponse(posts);
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return asked;
}

function rowAt(rows: HTMLElement[], index: number): HTMLElement {
  const row = rows[index];
  if (!row) throw new Error(`no row ${index}`);
  return row;
}

/** Typing with timers the test moves on itself, so the search's wait is exact, not real time. */
function typingWithFakeTimers() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
}

async function pastTheSearchWait() {
  await act(() => vi.advanceTimersByTimeAsync(SUBSCRIBER_SEARCH_DEBOUNCE_MS));
}

describe('Admin → Newsletter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is linked from the dashboard, in Czech too', async () => {
    setLanguage('cs');
    server();
    renderRoutes(appRoutes, '/admin');
    const link = await screen.findByTestId('admin-newsletter-link');
    expect(link).toHaveTextContent('Newsletter');
    await userEvent.click(link);
    expect(await screen.findByTestId('newsletter-counts')).toHaveTextContent('Aktivní');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Newsletter');
    expect(screen.getByTestId('newsletter-posts-card')).toHaveTextContent('Nedávné příspěvky');
  });

  it('shows the counts by language and state, and the list', async () => {
    server();
    renderRoutes(appRoutes, '/admin/newsletter');
    expect(await screen.findByTestId('newsletter-count-en-active')).toHaveTextContent('12');
    expect(screen.getByTestId('newsletter-count-cs-suppressed')).toHaveTextContent('1');
    expect(screen.getByTestId('newsletter-count-cs-pending')).toHaveTextContent('0');
    const rows = screen.getAllByTestId('newsletter-subscriber');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('ctenar@example.com');
    expect(rows[0]).toHaveTextContent('Czech');
    expect(rows[1]).toHaveTextContent('Pending');
    expect(screen.getByTestId('newsletter-export')).toHaveAttribute(
      'href',
      '/api/admin/newsletter/subscribers.csv',
    );
  });

  it('asks the server with the search, the filters and the page', async () => {
    const asked = server({
      list: (path) =>
        jsonResponse({
          subscribers: path.includes('page=2') ? [] : subscribers,
          total: 45,
          page: 1,
          pageSize: 20,
          counts,
        }),
    });
    const user = typingWithFakeTimers();
    renderRoutes(appRoutes, '/admin/newsletter');
    await screen.findByTestId('newsletter-subscribers');
    expect(screen.getByTestId('newsletter-page')).toHaveTextContent('Page 1 of 3');
    await user.type(screen.getByTestId('newsletter-search'), 'ex');
    await user.selectOptions(screen.getByTestId('newsletter-state-filter'), 'active');
    await user.selectOptions(screen.getByTestId('newsletter-language-filter'), 'cs');
    await pastTheSearchWait();
    await waitFor(() =>
      expect(asked).toContain(
        'GET /api/admin/newsletter/subscribers?q=ex&state=active&language=cs&page=1',
      ),
    );
    await user.click(screen.getByTestId('newsletter-next'));
    await waitFor(() =>
      expect(asked).toContain(
        'GET /api/admin/newsletter/subscribers?q=ex&state=active&language=cs&page=2',
      ),
    );
    expect(await screen.findByTestId('newsletter-subscribers-empty')).toHaveTextContent(
      'No subscribers found',
    );
  });

  it('sends "abc" typed quickly as one request, keeping the list and a hint meanwhile', async () => {
    let answer: (response: Response) => void = () => undefined;
    const asked = server({
      list: (path) =>
        path.includes('q=')
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : jsonResponse({ subscribers, total: 2, page: 1, pageSize: 20, counts }),
    });
    const searches = () => asked.filter((call) => call.includes('q='));
    const user = typingWithFakeTimers();
    renderRoutes(appRoutes, '/admin/newsletter');
    expect(await screen.findAllByTestId('newsletter-subscriber')).toHaveLength(2);

    await user.type(screen.getByTestId('newsletter-search'), 'abc');
    expect(screen.getByTestId('newsletter-search')).toHaveValue('abc');
    expect(searches()).toEqual([]);
    expect(screen.getByTestId('newsletter-subscribers-updating')).toHaveTextContent('Loading...');

    await pastTheSearchWait();
    await waitFor(() =>
      expect(searches()).toEqual(['GET /api/admin/newsletter/subscribers?q=abc&page=1']),
    );
    expect(screen.getAllByTestId('newsletter-subscriber')).toHaveLength(2);
    expect(screen.getByTestId('newsletter-subscribers-updating')).toBeInTheDocument();

    answer(
      jsonResponse({ subscribers: subscribers.slice(1), total: 1, page: 1, pageSize: 20, counts }),
    );
    await waitFor(() => expect(screen.getAllByTestId('newsletter-subscriber')).toHaveLength(1));
    expect(screen.getByTestId('newsletter-subscriber')).toHaveTextContent('reader@example.com');
    expect(screen.queryByTestId('newsletter-subscribers-updating')).not.toBeInTheDocument();
    expect(searches()).toHaveLength(1);
  });

  it('starts a new search at its page 1 without asking for the old search again', async () => {
    const asked = server({
      list: () => jsonResponse({ subscribers, total: 45, page: 1, pageSize: 20, counts }),
    });
    const user = typingWithFakeTimers();
    renderRoutes(appRoutes, '/admin/newsletter');
    await screen.findByTestId('newsletter-subscribers');
    await user.click(screen.getByTestId('newsletter-next'));
    await waitFor(() =>
      expect(screen.getByTestId('newsletter-page')).toHaveTextContent('Page 2 of 3'),
    );
    const before = asked.length;

    await user.type(screen.getByTestId('newsletter-search'), 'ex');
    await pastTheSearchWait();
    await waitFor(() =>
      expect(screen.getByTestId('newsletter-page')).toHaveTextContent('Page 1 of 3'),
    );
    await waitFor(() => expect(screen.queryByTestId('newsletter-subscribers-updating')).toBeNull());
    expect(asked.slice(before).filter((call) => call.includes('/subscribers'))).toEqual([
      'GET /api/admin/newsletter/subscribers?q=ex&page=1',
    ]);
  });

  it('shows the loading hint in Czech while a search waits', async () => {
    setLanguage('cs');
    server();
    const user = typingWithFakeTimers();
    renderRoutes(appRoutes, '/admin/newsletter');
    await screen.findAllByTestId('newsletter-subscriber');
    await user.type(screen.getByTestId('newsletter-search'), 'ct');
    expect(screen.getByTestId('newsletter-subscribers-updating')).toHaveTextContent('Načítám...');
  });

  it('removes a subscriber only after the confirmation', async () => {
    const asked = server();
    renderRoutes(appRoutes, '/admin/newsletter');
    const first = rowAt(await screen.findAllByTestId('newsletter-subscriber'), 0);
    await userEvent.click(within(first).getByTestId('newsletter-remove'));
    const dialog = await screen.findByTestId('newsletter-remove-dialog');
    expect(dialog).toHaveTextContent('ctenar@example.com');
    await userEvent.click(screen.getByTestId('newsletter-remove-cancel'));
    expect(asked.some((a) => a.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(first).getByTestId('newsletter-remove'));
    await userEvent.click(await screen.findByTestId('newsletter-remove-confirm'));
    await waitFor(() => expect(asked).toContain('DELETE /api/admin/newsletter/subscribers/5'));
  });

  it('shows each post newsletter state and sends a skipped one by e-mail', async () => {
    const asked = server();
    renderRoutes(appRoutes, '/admin/newsletter');
    const rows = await screen.findAllByTestId('newsletter-post');
    expect(rows[0]).toHaveTextContent('Sent on');
    expect(rows[0]).toHaveTextContent('17');
    expect(within(rowAt(rows, 0)).queryByTestId('newsletter-send')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Skipped');
    await userEvent.click(within(rowAt(rows, 1)).getByTestId('newsletter-send'));
    expect(await screen.findByTestId('newsletter-send-done')).toHaveTextContent('Queued: 19');
    expect(asked).toContain('POST /api/admin/newsletter/posts/8/send');
  });

  it('says when a post was already sent', async () => {
    server({
      send: () => jsonResponse({ error: 'This post was already sent by e-mail' }, 409),
    });
    renderRoutes(appRoutes, '/admin/newsletter');
    const rows = await screen.findAllByTestId('newsletter-post');
    await userEvent.click(within(rowAt(rows, 1)).getByTestId('newsletter-send'));
    expect(await screen.findByTestId('newsletter-send-error')).toHaveTextContent(
      'This post was already sent by e-mail',
    );
  });

  it('has empty and error states', async () => {
    server({
      list: () => jsonResponse({ message: 'Database unavailable' }, 503),
      posts: () => jsonResponse([]),
    });
    renderRoutes(appRoutes, '/admin/newsletter');
    expect(await screen.findByTestId('newsletter-subscribers-error')).toHaveTextContent(
      'The newsletter could not be loaded.',
    );
    expect(await screen.findByTestId('newsletter-posts-empty')).toHaveTextContent(
      'No published posts yet',
    );
  });
});
