// Views for the people who write (issue 26): an author's 30-day views in My posts, the admins'
// Views column in Manage Posts, and an edited post's last-30-days line in the editor.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { makePost, makePostSummary } from '@/testing/post-fixtures';
import { installRadixPolyfills } from '@/testing/radix-polyfills';
import { jsonResponse, mockFetch, renderRoutes, setLanguage } from '@/testing/test-utils';
import type { User } from '@/types/api';

import { AdminPostsRoute } from './admin/posts';
import { MyPostsRoute } from './my-posts';
import { PostEditorRoute } from './post-editor';

// Quill is exercised in the editor's own tests.
vi.mock('@/features/post-editor/components/rich-text-editor', () => ({
  RichTextEditor: () => <textarea aria-label="Content editor" />,
}));

beforeAll(installRadixPolyfills);

const author: User = {
  id: 7,
  username: 'alice',
  email: 'alice@example.com',
  role: 'user',
  approvalStatus: 'approved',
  emailVerified: true,
  createdAt: '2024-01-01T00:00:00Z',
};
const admin: User = { ...author, id: 1, username: 'admin', role: 'admin' };

const views = { days: 30, views: { '4': 12, '5': 1 } };

function server(user: User, asked: string[], more: (path: string) => Response | undefined) {
  mockFetch((path) => {
    if (path === '/api/user') return jsonResponse(user);
    if (path.startsWith('/api/post-views') || path.endsWith('/views')) asked.push(path);
    return more(path) ?? jsonResponse({ message: 'Not found' }, 404);
  });
}

describe('views of posts for those who write them', () => {
  it('shows an author the views of each of their posts in My posts', async () => {
    const asked: string[] = [];
    server(author, asked, (path) => {
      if (path.startsWith('/api/user/posts'))
        return jsonResponse(
          [4, 5, 6].map((id) => ({
            ...makePostSummary({ id }),
            status: 'published',
            hiddenByAdmin: false,
            createdAt: '2024-03-05T10:00:00.000Z',
            updatedAt: '2024-03-05T10:00:00.000Z',
          })),
        );
      if (path.startsWith('/api/post-views')) return jsonResponse(views);
      return undefined;
    });
    renderRoutes([{ path: '/my-posts', element: <MyPostsRoute /> }], '/my-posts');
    await screen.findByText('12 views');
    expect(screen.getAllByTestId('my-post-views').map((cell) => cell.textContent)).toEqual([
      '12 views',
      '1 view',
      '0 views',
    ]);
    // Only their own posts, even when the author is an admin too.
    expect(asked).toEqual(['/api/post-views?days=30&mine=true']);
  });

  it('gives admins a Views column in Manage Posts, in Czech too', async () => {
    setLanguage('cs');
    const asked: string[] = [];
    server(admin, asked, (path) => {
      if (path === '/api/admin/posts')
        return jsonResponse([makePostSummary({ id: 4 }), makePostSummary({ id: 9 })]);
      if (path.startsWith('/api/post-views')) return jsonResponse(views);
      return undefined;
    });
    renderRoutes([{ path: '/admin/posts', element: <AdminPostsRoute /> }], '/admin/posts');
    const table = await screen.findByTestId('admin-posts-table');
    expect(within(table).getByRole('columnheader', { name: 'Zobrazení' })).toBeInTheDocument();
    await within(table).findByText('12');
    expect(
      within(table)
        .getAllByTestId('post-views-cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', '0']);
    expect(asked).toEqual(['/api/post-views?days=30']);
  });

  it("shows the editor of a post that post's last 30 days", async () => {
    const asked: string[] = [];
    server(author, asked, (path) => {
      if (path === '/api/posts/post-4') return jsonResponse(makePost({ id: 4 }));
      if (path === '/api/posts/id/4/views')
        return jsonResponse({
          days: [
            { date: '2026-11-23', views: 1 },
            { date: '2026-11-24', views: 0 },
            { date: '2026-11-25', views: 4 },
          ],
          views: 5,
        });
      if (path === '/api/categories') return jsonResponse([]);
      return undefined;
    });
    renderRoutes(
      [{ path: '/posts/edit/:slug', element: <PostEditorRoute /> }],
      '/posts/edit/post-4',
    );
    const line = await screen.findByTestId('post-views-line');
    expect(line).toHaveTextContent('Views in the last 30 days: 5');
    expect(line.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
    expect(asked).toEqual(['/api/posts/id/4/views']);
  });

  it('says so in the editor when the views cannot be loaded, and the form still works', async () => {
    server(author, [], (path) => {
      if (path === '/api/posts/post-4') return jsonResponse(makePost({ id: 4 }));
      if (path === '/api/posts/id/4/views') return jsonResponse({ message: 'Post not found' }, 404);
      return undefined;
    });
    renderRoutes(
      [{ path: '/posts/edit/:slug', element: <PostEditorRoute /> }],
      '/posts/edit/post-4',
    );
    expect(await screen.findByTestId('post-views-line')).toHaveTextContent(
      'Views could not be loaded',
    );
    expect(screen.getByTestId('post-form')).toBeInTheDocument();
  });
});
