import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { appRoutes } from '@/app/router';
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

const report = {
  days: [
    { date: '2026-11-24', views: 3, visitors: 2 },
    { date: '2026-11-25', views: 5, visitors: 4 },
  ],
  posts: [{ id: 7, slug: 'instant-payments', title: 'Instant payments', views: 6 }],
  referrers: [{ domain: 'news.example', views: 2 }],
  languages: { posts: [{ language: 'cs', views: 4 }], interface: [{ language: 'en', views: 8 }] },
  enabled: true,
};

function server(answer: () => Response, asked: string[] = []) {
  mockFetch((path) => {
    if (path === '/api/user') return jsonResponse(admin);
    if (path === '/api/admin/users') return jsonResponse([admin]);
    if (path.startsWith('/api/admin/analytics')) {
      asked.push(path);
      return answer();
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

describe('the admin Analytics card', () => {
  it('shows the figures as tables beside the chart, for 30 days and then 7', async () => {
    const asked: string[] = [];
    server(() => jsonResponse(report), asked);
    renderRoutes(appRoutes, '/admin');
    const card = await screen.findByTestId('analytics-card');
    const posts = await within(card).findByTestId('analytics-top-posts');
    expect(within(posts).getByRole('link', { name: 'Instant payments' })).toHaveAttribute(
      'href',
      '/post/instant-payments',
    );
    expect(posts).toHaveTextContent('6');
    expect(within(card).getByTestId('analytics-referrers')).toHaveTextContent('news.example2');
    expect(within(card).getByTestId('analytics-post-languages')).toHaveTextContent('Czech4');
    const table = within(card).getByTestId('analytics-days-table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(await within(card).findByRole('img')).toHaveAccessibleName(
      'Views and visitors per day: 8 views and 6 visitors in total',
    );
    expect(asked).toEqual(['/api/admin/analytics?days=30']);
    await userEvent.click(within(card).getByRole('tab', { name: 'Last 7 days' }));
    expect(asked).toContain('/api/admin/analytics?days=7');
  });

  it('says when nothing was read, in Czech', async () => {
    setLanguage('cs');
    server(() => jsonResponse({ ...report, days: [], posts: [], referrers: [], languages: {} }));
    renderRoutes(appRoutes, '/admin');
    expect(await screen.findByTestId('analytics-empty')).toHaveTextContent('Zatím žádná zobrazení');
  });

  it('offers to try again when the figures cannot be fetched', async () => {
    server(() => jsonResponse({ message: 'An error occurred on the server.' }, 500));
    renderRoutes(appRoutes, '/admin');
    const card = await screen.findByTestId('analytics-card');
    expect(await within(card).findByRole('alert')).toHaveTextContent('Failed to fetch analytics');
    expect(within(card).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
