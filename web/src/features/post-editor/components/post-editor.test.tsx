import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useParams, type RouteObject } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toast';
import { installRadixPolyfills } from '@/testing/radix-polyfills';
import { jsonBodyOf } from '@/testing/request-body';
import {
  currentPath,
  jsonResponse,
  mockFetch,
  renderRoutes,
  setLanguage,
} from '@/testing/test-utils';
import type { Post, User } from '@/types/api';

import { PostEditor } from './post-editor';

// Quill is exercised in rich-text-editor.test.tsx; here a textarea stands in for it.
vi.mock('./rich-text-editor', () => ({
  RichTextEditor: ({ value, onChange }: { value: string; onChange: (html: string) => void }) => (
    <textarea
      aria-label="Content editor"
      data-testid="content-editor"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  ),
}));

beforeAll(installRadixPolyfills);

function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 3,
    username: 'writer',
    email: 'writer@example.com',
    role: 'user',
    approvalStatus: 'approved',
    emailVerified: true,
    createdAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}

const existing: Post = {
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
};

function Harness({ user }: { user: User | null | undefined }) {
  const { slug } = useParams();
  return (
    <PostEditor
      slug={slug}
      user={user}
      renderCoverImage={(field) => (
        <input
          aria-label="Cover image URL"
          data-testid="cover-field"
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
        />
      )}
    />
  );
}

function routes(user: User | null | undefined): RouteObject[] {
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
        { path: '/post/:slug', element: <p>post page</p> },
        { path: '/my-posts', element: <p>my posts page</p> },
        { path: '/posts/new', element: <Harness user={user} /> },
        { path: '/posts/edit/:slug', element: <Harness user={user} /> },
      ],
    },
  ];
}

function renderEditor(user: User | null | undefined, path = '/posts/new') {
  const events = userEvent.setup();
  return { events, ...renderRoutes(routes(user), path) };
}

const never = () => new Promise<Response>(() => undefined);

async function fill(events: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await events.click(screen.getByLabelText(label));
  await events.paste(text);
}

async function chooseCategory(events: ReturnType<typeof userEvent.setup>, name: string) {
  await events.click(screen.getByTestId('field-category'));
  await events.click(await screen.findByRole('option', { name }));
}

describe('PostEditor access', () => {
  it('asks a logged-out visitor to log in', () => {
    mockFetch(never);
    renderEditor(null);
    expect(screen.getByText('You must be logged in to create or edit posts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('shows the pending card to an account waiting for approval', () => {
    mockFetch(never);
    renderEditor(makeUser({ approvalStatus: 'pending' }));
    const card = screen.getByTestId('editor-pending');
    expect(within(card).getByText('Account Pending Approval')).toBeInTheDocument();
    expect(within(card).getByText('Your account is pending approval')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByTestId('post-form')).not.toBeInTheDocument();
  });

  it('tells a rejected account so, in Czech too', () => {
    mockFetch(never);
    setLanguage('cs');
    renderEditor(makeUser({ approvalStatus: 'rejected' }));
    expect(screen.getByText('Účet čeká na schválení')).toBeInTheDocument();
    expect(screen.getByTestId('editor-pending-message')).toHaveTextContent(
      'Vaše žádost o účet byla zamítnuta',
    );
  });

  it('lets an admin in whatever the approval status, with the AI generator card', () => {
    mockFetch(never);
    renderEditor(makeUser({ role: 'admin', approvalStatus: 'pending' }));
    expect(screen.getByTestId('post-form')).toBeInTheDocument();
    expect(screen.getByTestId('ai-generator')).toHaveTextContent('AI Content Generator');
  });

  it('hides the AI generator from authors who are not admins', () => {
    mockFetch(never);
    renderEditor(makeUser());
    expect(screen.getByTestId('post-form')).toBeInTheDocument();
    expect(screen.queryByTestId('ai-generator')).not.toBeInTheDocument();
  });

  it('shows a skeleton while the session is checked', () => {
    mockFetch(never);
    renderEditor(undefined);
    expect(screen.getByTestId('editor-skeleton')).toBeInTheDocument();
  });
});

describe('PostEditor create', () => {
  it('derives the slug live from the title and offers the fields of the spec', async () => {
    mockFetch(never);
    const { events } = renderEditor(makeUser());
    expect(screen.getByTestId('page-title')).toHaveTextContent('Create New Post');
    await events.type(screen.getByLabelText('Title'), 'Platební');
    expect(screen.getByLabelText('URL Slug')).toHaveValue('platebni');
    await events.paste(' karty v roce 2025');
    expect(screen.getByLabelText('URL Slug')).toHaveValue('platebni-karty-v-roce-2025');
    expect(screen.getByLabelText('URL Slug')).toBeEnabled();
    expect(screen.getByLabelText('Excerpt')).toHaveAttribute('rows', '3');
    expect(screen.getByTestId('field-language')).toHaveTextContent('English');
    expect(screen.getByRole('switch', { name: 'Publish now' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Publish Post' })).toBeInTheDocument();
    expect(screen.getByTestId('editor-cancel')).toHaveAttribute('href', '/');
    expect(screen.getByTestId('editor-back')).toHaveAttribute('href', '/');

    await events.clear(screen.getByLabelText('URL Slug'));
    await events.paste('my-slug');
    await fill(events, 'Title', ' more');
    expect(screen.getByLabelText('URL Slug')).toHaveValue('my-slug');
  });

  it('shows the required-field messages under their fields without calling the server', async () => {
    const fetchMock = mockFetch(never);
    const { events } = renderEditor(makeUser());
    await events.click(screen.getByRole('button', { name: 'Publish Post' }));
    expect(screen.getByTestId('error-title')).toHaveTextContent('Title is required');
    expect(screen.getByTestId('error-category')).toHaveTextContent('Category is required');
    expect(screen.getByTestId('error-content')).toHaveTextContent('Content is required');
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(fetchMock.mock.calls.map(([path]) => path)).not.toContain('/api/posts');

    await events.type(screen.getByLabelText('Title'), 'T');
    expect(screen.queryByTestId('error-title')).not.toBeInTheDocument();
  });

  it('saves a draft: "Publishing..." while pending, then the toast and My posts', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockFetch((path) =>
      path === '/api/categories'
        ? jsonResponse(['Fintech', 'Market Trends'])
        : new Promise<Response>((resolve) => {
            answer = resolve;
          }),
    );
    const { events, router } = renderEditor(makeUser());
    await fill(events, 'Title', 'Platební karty v roce 2025');
    await chooseCategory(events, 'Market Trends');
    await fill(events, 'Content editor', '<p>Body</p>');
    await fill(events, 'Cover image URL', '/uploads/c.png');
    await events.click(screen.getByRole('switch', { name: 'Publish now' }));
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Save Draft' }));

    expect(screen.getByTestId('editor-submit')).toHaveTextContent('Publishing...');
    expect(screen.getByTestId('editor-submit')).toBeDisabled();
    const [path, init] =
      fetchMock.mock.calls.find(([, options]) => options?.method === 'POST') ?? [];
    expect(path).toBe('/api/posts');
    expect(init?.method).toBe('POST');
    expect(jsonBodyOf(init)).toEqual({
      title: 'Platební karty v roce 2025',
      slug: 'platebni-karty-v-roce-2025',
      content: '<p>Body</p>',
      excerpt: '',
      category: 'Market Trends',
      coverImage: '/uploads/c.png',
      language: 'en',
      published: false,
      sendNewsletter: true,
    });

    answer(jsonResponse({ slug: 'platebni-karty-v-roce-2025' }, 201));
    expect(await screen.findByText('my posts page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/my-posts');
    await waitFor(() => expect(screen.getAllByTestId('toast')[0]).toBeInTheDocument());
    expect(
      screen
        .getAllByTestId('toast')
        .map((toast) => toast.textContent)
        .join(' '),
    ).toContain('Draft saved');
  });

  it('publishes a new post and goes to the home page', async () => {
    mockFetch((path) =>
      path === '/api/categories'
        ? jsonResponse(['Fintech'])
        : jsonResponse({ slug: 'published-one' }, 201),
    );
    const { events, router } = renderEditor(makeUser());
    await fill(events, 'Title', 'Published one');
    await chooseCategory(events, 'Fintech');
    await fill(events, 'Content editor', '<p>Body</p>');
    await events.click(screen.getByRole('button', { name: 'Publish Post' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
  });

  it('offers the categories the server knows, sidebar-created ones included', async () => {
    mockFetch((path) =>
      path === '/api/categories' ? jsonResponse(['Fintech', 'Open Banking Weekly']) : never(),
    );
    const { events } = renderEditor(makeUser());
    await chooseCategory(events, 'Open Banking Weekly');
    expect(screen.getByTestId('field-category')).toHaveTextContent('Open Banking Weekly');
  });

  it('offers to restore an unsaved local copy of a new post', async () => {
    window.localStorage.setItem(
      'blog.editor-draft.new',
      JSON.stringify({
        values: { title: 'Typed before the crash', content: '<p>Lost?</p>' },
        savedAt: Date.parse('2025-03-05T10:00:00Z'),
      }),
    );
    mockFetch(never);
    const { events } = renderEditor(makeUser());
    expect(screen.getByTestId('local-draft-offer')).toHaveTextContent('Unsaved changes found');
    await events.click(screen.getByTestId('local-draft-restore'));
    expect(screen.getByLabelText('Title')).toHaveValue('Typed before the crash');
    expect(screen.getByLabelText('Content editor')).toHaveValue('<p>Lost?</p>');
    expect(screen.queryByTestId('local-draft-offer')).not.toBeInTheDocument();
  });

  it('puts a failure in the alert at the top and field messages under the fields', async () => {
    mockFetch(() =>
      jsonResponse(
        {
          message: 'A post with this slug already exists',
          fields: { slug: 'A post with this slug already exists' },
        },
        409,
      ),
    );
    const { events } = renderEditor(makeUser());
    await fill(events, 'Title', 'Duplicate');
    await chooseCategory(events, 'Fintech');
    await fill(events, 'Content editor', 'Text');
    await events.click(screen.getByRole('button', { name: 'Publish Post' }));

    expect(await screen.findByTestId('editor-error')).toHaveTextContent(
      'A post with this slug already exists',
    );
    expect(screen.getByTestId('error-slug')).toHaveTextContent(
      'A post with this slug already exists',
    );
    expect(screen.getByTestId('editor-submit')).toHaveTextContent('Publish Post');
  });
});

describe('PostEditor edit', () => {
  it('shows a skeleton while the post loads, then the form with a locked slug', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch((path) =>
      path.endsWith('/newsletter')
        ? jsonResponse({ newsletter: 'none', newsletterSentAt: null })
        : new Promise<Response>((resolve) => {
            answer = resolve;
          }),
    );
    renderEditor(makeUser(), '/posts/edit/open-banking-in-2025');
    expect(screen.getByTestId('editor-skeleton')).toBeInTheDocument();

    answer(jsonResponse(existing));
    expect(await screen.findByTestId('post-form')).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Edit Post');
    expect(screen.getByLabelText('Title')).toHaveValue('Open banking in 2025');
    expect(screen.getByLabelText('URL Slug')).toHaveValue('open-banking-in-2025');
    expect(screen.getByLabelText('URL Slug')).toBeDisabled();
    expect(screen.getByTestId('field-category')).toHaveTextContent('Fintech');
    expect(screen.getByLabelText('Content editor')).toHaveValue('<p>Banks open their APIs.</p>');
  });

  it('updates by id: "Updating..." while pending, then the toast and the post page', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockFetch((_path, init) => {
      if (init?.method === 'PUT') {
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }
      return jsonResponse(existing);
    });
    const { events, router } = renderEditor(makeUser(), '/posts/edit/open-banking-in-2025');
    const title = await screen.findByLabelText('Title');
    await events.clear(title);
    await events.paste('Open banking in 2026');
    await events.click(screen.getByRole('button', { name: 'Update Post' }));

    expect(screen.getByTestId('editor-submit')).toHaveTextContent('Updating...');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/posts/id/42');
    expect(jsonBodyOf(put?.[1])).toMatchObject({
      title: 'Open banking in 2026',
      slug: 'open-banking-in-2025',
      category: 'Fintech',
      content: '<p>Banks open their APIs.</p>',
      published: true,
      publishedAt: '2025-01-10T10:00:00.000Z',
    });

    answer(jsonResponse({ slug: 'open-banking-in-2025' }));
    expect(await screen.findByText('post page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/post/open-banking-in-2025');
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Post updated successfully'),
    );
  });

  it('keeps the publish switch off and says why while an admin has the post hidden', async () => {
    const hidden: Post = { ...existing, published: false, hiddenByAdmin: true };
    mockFetch(() => jsonResponse(hidden));
    renderEditor(makeUser(), '/posts/edit/open-banking-in-2025');
    const toggle = await screen.findByTestId('field-published');
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(
      'An admin has hidden this post: it stays hidden until an admin shows it again.',
    );
  });

  it('lets an admin show a hidden post again', async () => {
    const hidden: Post = { ...existing, authorId: 9, published: false, hiddenByAdmin: true };
    mockFetch(() => jsonResponse(hidden));
    const { events } = renderEditor(
      makeUser({ role: 'admin' }),
      '/posts/edit/open-banking-in-2025',
    );
    const toggle = await screen.findByTestId('field-published');
    expect(toggle).toBeEnabled();
    await events.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('says why when the post cannot be loaded', async () => {
    mockFetch(() => jsonResponse({ message: 'Post not found' }, 404));
    renderEditor(makeUser(), '/posts/edit/missing');
    expect(await screen.findByTestId('editor-load-error')).toHaveTextContent('Post not found');
  });
});
