import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, renderRoutes, setLanguage } from '@/testing/test-utils';
import type { MyPost } from '@/types/api';

import { MyPosts } from './my-posts';

function myPost(overrides: Partial<MyPost>): MyPost {
  return {
    id: 1,
    title: 'A post',
    slug: 'a-post',
    excerpt: '',
    category: 'Fintech',
    coverImage: '',
    published: true,
    language: 'en',
    publishedAt: '2025-01-10T10:00:00Z',
    authorId: 3,
    authorName: 'writer',
    readingMinutes: 1,
    status: 'published',
    hiddenByAdmin: false,
    createdAt: '2025-01-10T10:00:00Z',
    updatedAt: '2025-01-10T10:00:00Z',
    ...overrides,
  };
}

const render = () =>
  renderRoutes(
    [
      {
        path: '/my-posts',
        element: (
          <MyPosts
            renderCreateTranslation={(post) => (
              <a data-testid="create-translation" href={`/posts/new?translate=${post.slug}`}>
                create
              </a>
            )}
          />
        ),
      },
    ],
    '/my-posts',
  );

describe('My posts', () => {
  it('lists the author’s posts with status, language and edit links, and pages on', async () => {
    const fetchMock = mockFetch((path) => {
      if (path.includes('cursor=next')) {
        return jsonResponse([myPost({ id: 3, slug: 'old', title: 'Old one', status: 'hidden' })]);
      }
      return new Response(
        JSON.stringify([
          myPost({ id: 5, slug: 'my-draft', title: 'My draft', status: 'draft', published: false }),
          myPost({ id: 4, slug: 'czech', title: 'Česky', language: 'cs', status: 'scheduled' }),
        ]),
        { headers: { 'Content-Type': 'application/json', 'X-Next-Cursor': 'next' } },
      );
    });
    render();
    expect(screen.getByTestId('my-posts-loading')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('my-post');
    expect(fetchMock.mock.calls[0]?.[0]).toContain('/api/user/posts?limit=20');
    expect(rows).toHaveLength(2);
    const [draft, scheduled] = rows;
    if (!draft || !scheduled) throw new Error('two rows expected');
    expect(within(draft).getByTestId('my-post-status')).toHaveTextContent('Draft');
    expect(within(draft).getByTestId('my-post-edit')).toHaveAttribute(
      'href',
      '/posts/edit/my-draft',
    );
    expect(within(scheduled).getByTestId('my-post-status')).toHaveTextContent('Scheduled');
    expect(within(scheduled).getByTestId('my-post-language')).toHaveTextContent('Czech');

    await userEvent.setup().click(screen.getByTestId('my-posts-more'));
    expect(await screen.findByText('Old one')).toBeInTheDocument();
    expect(screen.getByText('Hidden by an admin')).toBeInTheDocument();
  });

  it('shows each post’s counterpart, or offers to create one', async () => {
    mockFetch(() =>
      jsonResponse([
        myPost({
          id: 7,
          slug: 'linked',
          title: 'Linked',
          translations: [{ id: 8, slug: 'propojeny', language: 'cs', title: 'Propojený' }],
        }),
        myPost({ id: 6, slug: 'alone', title: 'Alone' }),
      ]),
    );
    render();
    const [linked, alone] = await screen.findAllByTestId('my-post');
    if (!linked || !alone) throw new Error('two rows expected');
    expect(within(linked).getByTestId('my-post-counterpart')).toHaveTextContent(
      'Translation: Propojený',
    );
    expect(within(linked).getByRole('link', { name: 'Propojený' })).toHaveAttribute(
      'href',
      '/post/propojeny',
    );
    expect(within(linked).queryByTestId('create-translation')).not.toBeInTheDocument();
    expect(within(alone).getByTestId('my-post-counterpart')).toHaveTextContent('Translation: None');
    expect(within(alone).getByTestId('create-translation')).toHaveAttribute(
      'href',
      expect.stringContaining('translate=alone'),
    );
  });

  it('says so when there are no posts yet, in Czech too', async () => {
    setLanguage('cs');
    mockFetch(() => jsonResponse([]));
    render();
    expect(await screen.findByTestId('my-posts-empty')).toHaveTextContent(
      'Zatím jste nenapsali žádný příspěvek',
    );
  });

  it('offers to try again when the list cannot be loaded', async () => {
    mockFetch(() => jsonResponse({ message: 'Server error' }, 500));
    render();
    expect(await screen.findByTestId('my-posts-error')).toHaveTextContent(
      'Failed to fetch your posts',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
