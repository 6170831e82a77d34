// The editor's 'Send by e-mail when published': on for a new post and sent as sendNewsletter;
// offered for a saved post only while its send is undecided (pending, off); a sent post says
// when instead, and other posts send nothing about it.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { installRadixPolyfills } from '@/testing/radix-polyfills';
import { jsonBodyOf } from '@/testing/request-body';
import { jsonResponse, mockFetch, renderRoutes, setLanguage } from '@/testing/test-utils';
import type { Post, PostNewsletterState, User } from '@/types/api';

import { PostEditor } from './post-editor';

vi.mock('./rich-text-editor', () => ({
  RichTextEditor: ({ value, onChange }: { value: string; onChange: (html: string) => void }) => (
    <textarea
      aria-label="Content editor"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  ),
}));

beforeAll(installRadixPolyfills);

const user: User = {
  id: 3,
  username: 'writer',
  email: 'writer@example.com',
  role: 'user',
  approvalStatus: 'approved',
  emailVerified: true,
  createdAt: '2024-01-01T00:00:00Z',
};

function post(newsletter: PostNewsletterState, sentAt: string | null = null): Post {
  return {
    id: 42,
    title: 'Open banking in 2025',
    slug: 'open-banking-in-2025',
    content: '<p>Banks open their APIs.</p>',
    contentHtml: '<p>Banks open their APIs.</p>',
    excerpt: 'APIs everywhere',
    category: 'Fintech',
    coverImage: '',
    published: true,
    language: 'en',
    publishedAt: '2025-01-10T10:00:00Z',
    authorId: 3,
    authorName: 'writer',
    createdAt: '2025-01-10T10:00:00Z',
    updatedAt: '2025-01-10T10:00:00Z',
    newsletter,
    newsletterSentAt: sentAt,
  };
}

function Harness() {
  const { slug } = useParams();
  return <PostEditor slug={slug} user={user} renderCoverImage={() => null} />;
}

function server(existing?: Post) {
  const fetchMock = mockFetch((path, init) => {
    if (path === '/api/categories') return jsonResponse(['Fintech']);
    if (init?.method === 'POST' || init?.method === 'PUT')
      return jsonResponse({ slug: 'saved' }, init.method === 'POST' ? 201 : 200);
    if (!existing) return jsonResponse({ message: 'Not found' }, 404);
    // The post's answer carries no newsletter state; its own call does.
    const { newsletter, newsletterSentAt, ...shared } = existing;
    if (path === `/api/posts/id/${existing.id}/newsletter`)
      return jsonResponse({ newsletter, newsletterSentAt });
    return jsonResponse(shared);
  });
  const saved = () =>
    jsonBodyOf(
      fetchMock.mock.calls.find(([, o]) => o?.method === 'POST' || o?.method === 'PUT')?.[1],
    ) as Record<string, unknown> | undefined;
  return saved;
}

function render(path: string) {
  renderRoutes(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/post/:slug', element: <p>post page</p> },
      { path: '/posts/new', element: <Harness /> },
      { path: '/posts/edit/:slug', element: <Harness /> },
    ],
    path,
  );
}

describe('Send by e-mail when published', () => {
  it('is on for a new post, in Czech too, and its state is sent', async () => {
    setLanguage('cs');
    const saved = server();
    render('/posts/new');
    const toggle = screen.getByTestId('field-sendNewsletter');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Poslat e-mailem po zveřejnění')).toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.type(screen.getByLabelText('Název'), 'Quiet one');
    await userEvent.click(screen.getByTestId('field-category'));
    await userEvent.click(await screen.findByRole('option', { name: 'Fintech' }));
    await userEvent.type(screen.getByLabelText('Content editor'), 'Body');
    await userEvent.click(screen.getByTestId('editor-submit'));
    await waitFor(() => expect(saved()).toMatchObject({ sendNewsletter: false }));
  });

  it('is offered for a post whose send is still pending or off, as it stands', async () => {
    const saved = server(post('off'));
    render('/posts/edit/open-banking-in-2025');
    const toggle = await screen.findByTestId('field-sendNewsletter');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    await userEvent.click(screen.getByTestId('editor-submit'));
    await waitFor(() => expect(saved()).toMatchObject({ sendNewsletter: true }));
  });

  it('says when a sent post was sent, and sends nothing about it', async () => {
    const saved = server(post('sent', '2026-11-24T08:00:00.000Z'));
    render('/posts/edit/open-banking-in-2025');
    expect(await screen.findByTestId('newsletter-sent-at')).toHaveTextContent(
      /^Sent by e-mail on .*2026/,
    );
    expect(screen.queryByTestId('field-sendNewsletter')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('editor-submit'));
    await waitFor(() => expect(saved()).toBeDefined());
    expect(saved()).not.toHaveProperty('sendNewsletter');
  });

  it('is not offered for a post published before the newsletter', async () => {
    server(post('none'));
    render('/posts/edit/open-banking-in-2025');
    expect(await screen.findByTestId('editor-submit')).toBeVisible();
    expect(screen.queryByTestId('field-sendNewsletter')).not.toBeInTheDocument();
    expect(screen.queryByTestId('newsletter-sent-at')).not.toBeInTheDocument();
  });
});
