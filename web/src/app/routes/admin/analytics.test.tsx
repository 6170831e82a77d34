// Admin → Analytics (/admin/analytics): reached from the dashboard, its charts with their tables,
// the 7/30/90 switch, the search statistics as bars, and its loading, empty and error states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { appRoutes } from '@/app/router';
import {
  currentPath,
  jsonResponse,
  mockFetch,
  renderRoutes,
  setLanguage,
} from '@/testing/test-utils';
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

const report = {
  days: [
    { date: '2026-11-24', views: 3, visitors: 2 },
    { date: '2026-11-25', views: 5, visitors: 4 },
  ],
  posts: [
    { id: 7, slug: 'instant-payments', title: 'Instant payments', views: 6 },
    { id: 8, slug: 'card-fees', title: 'Card fees', views: 2 },
  ],
  referrers: [{ domain: 'news.example', views: 2 }],
  languages: { posts: [{ language: 'cs', views: 4 }], interface: [{ language: 'en', views: 8 }] },
  enabled: true,
};

const searches = {
  top: [
    { query: 'sepa', count: 4 },
    { query: 'karty', count: 1 },
  ],
  zeroResults: [{ query: 'bitcoin', count: 2 }],
};

function server(answer: () => Response, asked: string[] = [], user: User = admin) {
  mockFetch((path) => {
    if (path === '/api/user') return jsonResponse(user);
    if (path === '/api/admin/users') return jsonResponse([admin]);
    if (path.startsWith('/api/admin/search-stats')) return jsonResponse(searches);
    if (path.startsWith('/api/admin/analytics')) {
      asked.push(path);
      return answer();
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

describe('Admin → Analytics', () => {
  it('is a screen of its own, linked from the admin dashboard, in both languages', async () => {
    setLanguage('cs');
    server(() => jsonResponse(report));
    renderRoutes(appRoutes, '/admin');
    const link = await screen.findByTestId('admin-analytics-link');
    expect(link).toHaveTextContent('Analytika');
    expect(screen.queryByTestId('analytics-card')).not.toBeInTheDocument();
    await userEvent.click(link);
    expect(await screen.findByTestId('analytics-card')).toHaveTextContent(
      'Zobrazení a návštěvníci',
    );
    expect(screen.getByTestId('page-title')).toHaveTextContent('Analytika');
  });

  it('shows the figures as charts with their tables, for 30 days and then 7 and 90', async () => {
    const asked: string[] = [];
    server(() => jsonResponse(report), asked);
    renderRoutes(appRoutes, '/admin/analytics');
    const card = await screen.findByTestId('analytics-card');
    const posts = await within(card).findByTestId('analytics-top-posts');
    expect(within(posts).getByRole('link', { name: 'Instant payments' })).toHaveAttribute(
      'href',
      '/post/instant-payments',
    );
    expect(
      within(posts)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PostViews', 'Instant payments6', 'Card fees2']);
    // Each bar is its figure's share of the largest one.
    expect(
      within(posts)
        .getAllByTestId('bar')
        .map((bar) => bar.style.width),
    ).toEqual(['100%', '33%']);
    expect(within(card).getByTestId('analytics-referrers')).toHaveTextContent('news.example2');
    expect(within(card).getByTestId('analytics-post-languages')).toHaveTextContent('Czech4');
    expect(within(card).getByTestId('analytics-interface-languages')).toHaveTextContent('English8');
    const table = within(card).getByTestId('analytics-days-table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(await within(card).findByRole('img')).toHaveAccessibleName(
      'Views and visitors per day: 8 views and 6 visitors in total',
    );
    expect(asked).toEqual(['/api/admin/analytics?days=30']);
    // The screen has two 7-day switches: each list of tabs is named after its card.
    expect(screen.getByRole('tablist', { name: 'Views and visitors' })).toBe(
      within(card).getByRole('tablist'),
    );
    await userEvent.click(within(card).getByRole('tab', { name: 'Last 7 days' }));
    expect(asked).toContain('/api/admin/analytics?days=7');
    await userEvent.click(within(card).getByRole('tab', { name: 'Last 90 days' }));
    expect(asked).toContain('/api/admin/analytics?days=90');
  });

  it('shows the search statistics as bars beside their figures', async () => {
    server(() => jsonResponse(report));
    renderRoutes(appRoutes, '/admin/analytics');
    const top = await screen.findByTestId('search-stats-top');
    expect(
      within(top)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([expect.any(String), 'sepa4', 'karty1']);
    expect(
      within(top)
        .getAllByTestId('bar')
        .map((bar) => bar.style.width),
    ).toEqual(['100%', '25%']);
    expect(screen.getByTestId('search-stats-zero')).toHaveTextContent('bitcoin2');
  });

  it('says it is loading until the figures come', async () => {
    let answer: ((response: Response) => void) | undefined;
    mockFetch((path) => {
      if (path === '/api/user') return jsonResponse(admin);
      if (path.startsWith('/api/admin/search-stats')) return jsonResponse(searches);
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    renderRoutes(appRoutes, '/admin/analytics');
    const card = await screen.findByTestId('analytics-card');
    expect(within(card).getByText('Loading analytics...')).toBeInTheDocument();
    answer?.(jsonResponse(report));
    expect(await within(card).findByTestId('analytics-top-posts')).toBeInTheDocument();
  });

  it('says when nothing was read, in Czech', async () => {
    setLanguage('cs');
    server(() => jsonResponse({ ...report, days: [], posts: [], referrers: [], languages: {} }));
    renderRoutes(appRoutes, '/admin/analytics');
    expect(await screen.findByTestId('analytics-empty')).toHaveTextContent('Zatím žádná zobrazení');
    expect(screen.queryByTestId('analytics-chart')).not.toBeInTheDocument();
    expect(screen.getByTestId('analytics-top-posts')).toHaveTextContent('Zatím žádná zobrazení');
  });

  it('offers to try again when the figures cannot be fetched, and then shows them', async () => {
    let fail = true;
    server(() =>
      fail
        ? jsonResponse({ message: 'An error occurred on the server.' }, 500)
        : jsonResponse(report),
    );
    renderRoutes(appRoutes, '/admin/analytics');
    const card = await screen.findByTestId('analytics-card');
    expect(await within(card).findByRole('alert')).toHaveTextContent('Failed to fetch analytics');
    fail = false;
    await userEvent.click(within(card).getByRole('button', { name: 'Try Again' }));
    expect(await within(card).findByTestId('analytics-top-posts')).toHaveTextContent(
      'Instant payments',
    );
  });

  it('is for admins only', async () => {
    server(() => jsonResponse(report), [], { ...admin, role: 'user' });
    const { router } = renderRoutes(appRoutes, '/admin/analytics');
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(screen.queryByTestId('analytics-card')).not.toBeInTheDocument();
  });
});
