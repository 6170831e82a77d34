// Post data for tests: cards and full posts shaped like blogd's answers.
import type { Mock } from 'vitest';

import type { Post, PostSummary } from '@/types/api';

export function makePostSummary(overrides: Partial<PostSummary> = {}): PostSummary {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Post number ${id}`,
    slug: `post-${id}`,
    excerpt: `Excerpt of post ${id}.`,
    category: 'Fintech',
    coverImage: `/covers/fintech-${id}.svg`,
    published: true,
    language: 'en',
    publishedAt: '2024-03-05T10:00:00.000Z',
    authorId: 7,
    authorName: 'alice',
    ...overrides,
  };
}

export function makePost(overrides: Partial<Post> = {}): Post {
  return {
    ...makePostSummary(overrides),
    content: '<p>Body</p>',
    contentHtml: '<p>Body</p>',
    createdAt: '2024-03-05T10:00:00.000Z',
    updatedAt: '2024-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/** A JSON page of cards with the paging header set when there is a next page. */
export function cardsResponse(cards: unknown[], nextCursor?: string): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (nextCursor !== undefined) headers['X-Next-Cursor'] = nextCursor;
  return new Response(JSON.stringify(cards), { status: 200, headers });
}

/** The URLs a mocked fetch was called with, in order. */
export function requestedUrls(fetchMock: Mock<typeof fetch>): string[] {
  return fetchMock.mock.calls.map(([input]) =>
    input instanceof Request ? input.url : input.toString(),
  );
}
