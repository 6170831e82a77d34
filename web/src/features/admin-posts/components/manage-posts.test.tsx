import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';

import { Toaster } from '@/components/ui/toast';
import { installRadixPolyfills } from '@/testing/radix-polyfills';
import { jsonBodyOf } from '@/testing/request-body';
import { jsonResponse, mockFetch, renderRoutes, setLanguage } from '@/testing/test-utils';
import type { PostSummary } from '@/types/api';

import { getAdminPostsQueryOptions } from '../api/get-admin-posts';
import { combineDateAndTime } from '../utils/date-time';

import { ManagePosts } from './manage-posts';

beforeAll(installRadixPolyfills);

function post(overrides: Partial<PostSummary>): PostSummary {
  return {
    id: 1,
    title: 'Instant payments',
    slug: 'instant-payments',
    excerpt: '',
    category: 'Fintech',
    coverImage: '',
    published: true,
    language: 'en',
    publishedAt: new Date(2025, 2, 5, 10, 0).toISOString(),
    authorId: 1,
    authorName: 'admin',
    ...overrides,
  };
}

const future = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();

const posts: PostSummary[] = [
  post({
    translations: [{ id: 9, slug: 'okamzite-platby', language: 'cs', title: 'Okamžité platby' }],
  }),
  post({
    id: 2,
    title: 'CBDC draft',
    slug: 'cbdc-draft',
    published: false,
    category: 'Regulations',
  }),
  post({ id: 3, title: 'Future of cards', slug: 'future-of-cards', publishedAt: future }),
];

function routes(isAdmin = true): RouteObject[] {
  return [
    {
      element: (
        <>
          <Outlet />
          <Toaster />
        </>
      ),
      children: [
        { path: '/', element: <p>home page</p> },
        { path: '/admin/posts', element: <ManagePosts isAdmin={isAdmin} /> },
      ],
    },
  ];
}

interface Call {
  path: string;
  method: string;
  body: unknown;
}

/** A fake blogd for the admin post calls; `respond` may override any answer. */
function fakeServer(respond: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  mockFetch((path, init) => {
    const call = {
      path,
      method: init?.method ?? 'GET',
      body: jsonBodyOf(init),
    };
    calls.push(call);
    const custom = respond(call);
    if (custom) return custom;
    if (path === '/api/admin/posts') return jsonResponse(posts);
    if (path.endsWith('/toggle-published')) {
      return jsonResponse({ published: false, message: 'Post unpublished successfully' });
    }
    if (path.endsWith('/update-date')) return jsonResponse({ message: 'ok' });
    if (call.method === 'DELETE') return jsonResponse({ message: 'Post deleted' });
    return jsonResponse({ message: 'unexpected' }, 500);
  });
  return calls;
}

async function renderPage(isAdmin = true) {
  const events = userEvent.setup();
  const result = renderRoutes(routes(isAdmin), '/admin/posts');
  if (isAdmin) await screen.findAllByTestId('admin-post-row');
  return { events, ...result };
}

function rowOf(title: string): HTMLElement {
  const row = screen
    .getAllByTestId('admin-post-row')
    .find((candidate) => within(candidate).queryByText(title));
  if (!row) throw new Error(`no row for ${title}`);
  return row;
}

describe('ManagePosts', () => {
  it('denies non-admins', async () => {
    fakeServer();
    await renderPage(false);
    expect(screen.getByTestId('status-title')).toHaveTextContent('Access Denied');
    expect(screen.getByTestId('status-message')).toHaveTextContent(
      'You must be an administrator to access this page.',
    );
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('lists every post with slug, status badges, caption and links', async () => {
    fakeServer();
    await renderPage();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Manage Posts');
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: 'Create New Post' })).toHaveAttribute(
      'href',
      '/post-editor',
    );
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Title',
      'Category',
      'Date',
      'Status',
      'Translation',
      'Visible',
      'Actions',
    ]);
    expect(screen.getByTestId('admin-posts-total')).toHaveTextContent('Total: 3 posts');

    const published = rowOf('Instant payments');
    expect(within(published).getByTestId('post-slug')).toHaveTextContent('/instant-payments');
    expect(within(published).getByTestId('post-status')).toHaveTextContent('Published');
    expect(within(published).queryByTestId('post-scheduled')).not.toBeInTheDocument();
    expect(within(published).getByTestId('post-date')).toHaveTextContent('March 5, 2025');
    expect(within(published).getByRole('switch')).toBeChecked();
    expect(
      within(published).getByRole('link', { name: 'Edit post "Instant payments"' }),
    ).toHaveAttribute('href', '/post-editor/instant-payments');

    const hidden = rowOf('CBDC draft');
    expect(within(hidden).getByTestId('post-status')).toHaveTextContent('Hidden');
    expect(within(hidden).getByRole('switch')).not.toBeChecked();

    expect(within(rowOf('Future of cards')).getByTestId('post-scheduled')).toHaveTextContent(
      'Scheduled',
    );
  });

  it('filters by status and counts what it shows', async () => {
    fakeServer();
    const { events } = await renderPage();
    await events.click(screen.getByRole('button', { name: 'Published' }));
    expect(screen.getAllByTestId('admin-post-row')).toHaveLength(2);
    expect(screen.getByTestId('admin-posts-total')).toHaveTextContent('Total: 2 posts');

    await events.click(screen.getByRole('button', { name: 'Unpublished' }));
    expect(screen.getAllByTestId('admin-post-row')).toHaveLength(1);
    expect(screen.getByTestId('admin-posts-total')).toHaveTextContent('Total: 1 posts');
    expect(screen.getByRole('button', { name: 'Unpublished' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await events.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getAllByTestId('admin-post-row')).toHaveLength(3);
  });

  it("shows each post's counterpart and filters the posts missing one", async () => {
    fakeServer();
    const { events } = await renderPage();
    const linked = rowOf('Instant payments');
    expect(within(linked).getByTestId('post-counterpart')).toHaveTextContent('Okamžité platby');
    expect(within(linked).getByTestId('post-counterpart')).toHaveAttribute(
      'href',
      '/post/okamzite-platby',
    );
    const lone = rowOf('CBDC draft');
    expect(within(lone).getByTestId('post-counterpart-none')).toHaveTextContent('None');
    expect(within(lone).getByRole('link', { name: 'Create Czech translation' })).toHaveAttribute(
      'href',
      '/posts/new?translate=cbdc-draft',
    );

    await events.click(screen.getByRole('button', { name: 'Missing translation' }));
    expect(screen.getAllByTestId('admin-post-row')).toHaveLength(2);
    expect(screen.queryByText('Instant payments')).not.toBeInTheDocument();
  });

  it('says "No posts found" when there are none', async () => {
    fakeServer(({ path }) => (path === '/api/admin/posts' ? jsonResponse([]) : undefined));
    renderRoutes(routes(), '/admin/posts');
    expect(await screen.findByTestId('admin-posts-empty')).toHaveTextContent('No posts found');
    expect(screen.getByTestId('admin-posts-total')).toHaveTextContent('Total: 0 posts');
  });

  it('asks before deleting, then deletes and refetches', async () => {
    const calls = fakeServer();
    const { events } = await renderPage();
    await events.click(within(rowOf('CBDC draft')).getByTestId('post-delete'));

    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    expect(within(dialog).getByTestId('delete-post-description')).toHaveTextContent(
      'This will permanently delete the post "CBDC draft". This action cannot be undone.',
    );
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await events.click(within(rowOf('CBDC draft')).getByTestId('post-delete'));
    const gets = calls.filter((call) => call.path === '/api/admin/posts').length;
    await events.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Post deleted');
    expect(calls).toContainEqual({ path: '/api/admin/posts/2', method: 'DELETE', body: undefined });
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/admin/posts').length).toBeGreaterThan(gets),
    );
  });

  it('toggles visibility with the switch and shows the server message', async () => {
    const calls = fakeServer();
    const { events } = await renderPage();
    await events.click(within(rowOf('Instant payments')).getByRole('switch'));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Post updated');
    expect(toast).toHaveTextContent('Post unpublished successfully');
    expect(calls).toContainEqual({
      path: '/api/admin/posts/1/toggle-published',
      method: 'PATCH',
      body: undefined,
    });
  });

  it('reports a failed visibility change as a destructive "Error"', async () => {
    fakeServer(({ path }) =>
      path.endsWith('/toggle-published') ? new Response('', { status: 502 }) : undefined,
    );
    const { events } = await renderPage();
    await events.click(within(rowOf('CBDC draft')).getByTestId('post-toggle'));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('502');
  });

  it('edits the publication date with the calendar and a time', async () => {
    const calls = fakeServer();
    const { events } = await renderPage();
    await events.click(within(rowOf('Instant payments')).getByTestId('post-edit-date'));

    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Edit Publication Date')).toBeInTheDocument();
    const trigger = within(dialog).getByTestId('date-picker-trigger');
    expect(trigger).toHaveTextContent('March 5, 2025');
    expect(within(dialog).getByTestId('date-dialog-time')).toHaveValue('10:00');

    await events.click(trigger);
    const calendar = within(dialog).getByTestId('date-picker-calendar');
    // Clicking the selected day again clears it.
    await events.click(within(calendar).getByRole('button', { name: /March 5th, 2025/ }));
    expect(trigger).toHaveTextContent('Pick a date');
    expect(within(dialog).getByRole('button', { name: 'Update Date' })).toBeDisabled();

    await events.click(within(calendar).getByRole('button', { name: /March 20th, 2025/ }));
    expect(trigger).toHaveTextContent('March 20, 2025');
    const time = within(dialog).getByTestId('date-dialog-time');
    await events.clear(time);
    await events.type(time, '08:45');
    await events.click(within(dialog).getByRole('button', { name: 'Update Date' }));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Date updated');
    expect(calls).toContainEqual({
      path: '/api/admin/posts/1/update-date',
      method: 'PATCH',
      body: { publishedAt: combineDateAndTime(new Date(2025, 2, 20), '08:45') },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a load error with the message and tries again', async () => {
    let fail = true;
    fakeServer(({ path }) =>
      path === '/api/admin/posts' && fail
        ? jsonResponse({ message: 'Database unavailable' }, 503)
        : undefined,
    );
    const events = userEvent.setup();
    renderRoutes(routes(), '/admin/posts');
    const error = await screen.findByTestId('admin-posts-error');
    expect(error).toHaveTextContent('Error');
    expect(error).toHaveTextContent('Database unavailable');
    fail = false;
    await events.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByTestId('admin-post-row')).toHaveLength(3);
  });

  it('speaks Czech', async () => {
    setLanguage('cs');
    fakeServer();
    await renderPage();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Správa příspěvků');
    expect(screen.getByTestId('admin-posts-total')).toHaveTextContent('Celkem příspěvků: 3');
  });

  it('polls the list every 5 seconds', () => {
    expect(getAdminPostsQueryOptions().refetchInterval).toBe(5000);
  });
});
