import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useToastStore } from '@/components/ui/toast/use-toast';
import { makePostSummary } from '@/testing/post-fixtures';
import { mockFetch, renderRoutes, setLanguage } from '@/testing/test-utils';
import type { PostSummary } from '@/types/api';

import { PostCard } from './post-card';

function renderCard(post: PostSummary, currentUserId?: number | null, snippet?: string) {
  return renderRoutes([
    {
      path: '/',
      element: <PostCard post={post} currentUserId={currentUserId} snippet={snippet} />,
    },
  ]);
}

function lastToast() {
  return useToastStore.getState().toasts[0];
}

describe('PostCard', () => {
  it('shows cover, category, title, excerpt and links to the post', () => {
    renderCard(makePostSummary({ slug: 'open banking', title: 'Open Banking' }));
    expect(screen.getByText('Fintech')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Banking' })).toHaveAttribute(
      'href',
      '/post/open%20banking',
    );
    expect(screen.getByText('Excerpt of post 1.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read more →' })).toHaveAttribute(
      'href',
      '/post/open%20banking',
    );
    expect(document.querySelector('img')).toHaveAttribute('src', '/covers/fintech-1.svg');
  });

  it('offers the edit button only to the author', () => {
    const post = makePostSummary({ authorId: 7, slug: 'mine' });
    const { unmount } = renderCard(post, 7);
    expect(screen.getByRole('link', { name: 'Edit post' })).toHaveAttribute(
      'href',
      '/posts/edit/mine',
    );
    unmount();

    for (const viewer of [8, null, undefined]) {
      const view = renderCard(post, viewer);
      expect(screen.queryByRole('link', { name: 'Edit post' })).not.toBeInTheDocument();
      view.unmount();
    }
    renderCard(makePostSummary({ authorId: null }), null);
    expect(screen.queryByRole('link', { name: 'Edit post' })).not.toBeInTheDocument();
  });

  it('formats the date per interface language', () => {
    const post = makePostSummary({ publishedAt: '2024-03-05T10:00:00.000Z' });
    const { unmount } = renderCard(post);
    expect(screen.getByText('March 5, 2024')).toBeInTheDocument();
    unmount();

    setLanguage('cs');
    renderCard(post);
    expect(screen.getByText('5. března 2024')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Číst dále →' })).toBeInTheDocument();
  });

  it("marks the post's title and excerpt or passage with its language, the rest is the page's", () => {
    setLanguage('cs');
    const english = renderCard(makePostSummary({ title: 'Open Banking', language: 'en' }));
    expect(screen.getByRole('heading', { name: 'Open Banking' })).toHaveAttribute('lang', 'en');
    expect(screen.getByTestId('post-card-excerpt')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('link', { name: 'Číst dále →' }).closest('[lang]')).toBeNull();
    expect(screen.getByTestId('post-card-date').closest('[lang]')).toBeNull();
    english.unmount();

    setLanguage('en');
    renderCard(makePostSummary({ title: 'Platby', language: 'cs' }), null, '<mark>platby</mark>');
    expect(screen.getByRole('heading', { name: 'Platby' })).toHaveAttribute('lang', 'cs');
    expect(screen.getByTestId('post-card-snippet')).toHaveAttribute('lang', 'cs');
  });

  it('shows a search snippet with its highlights instead of the excerpt', () => {
    renderCard(makePostSummary(), null, 'about <mark>instant</mark> &lt;b&gt; payments');
    const snippet = screen.getByTestId('post-card-snippet');
    expect(snippet.querySelector('mark')).toHaveTextContent('instant');
    expect(snippet).toHaveTextContent('about instant <b> payments');
    expect(snippet.querySelector('b')).toBeNull();
    expect(screen.queryByText('Excerpt of post 1.')).not.toBeInTheDocument();
  });

  it('has no download button without a cover', () => {
    renderCard(makePostSummary({ coverImage: '' }));
    expect(screen.queryByRole('button', { name: 'Download cover image' })).not.toBeInTheDocument();
  });
});

describe('PostCard cover download', () => {
  const createObjectURL = vi.fn(() => 'blob:cover');
  const revokeObjectURL = vi.fn();
  let clicked: string[] = [];

  beforeEach(() => {
    clicked = [];
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
  });

  afterEach(() => {
    createObjectURL.mockClear();
  });

  it('downloads the image as cover-image.<ext> and says so', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      () => new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } }),
    );
    renderCard(makePostSummary({ coverImage: '/uploads/abc.png' }));

    await user.click(screen.getByRole('button', { name: 'Download cover image' }));

    await waitFor(() => expect(lastToast()?.title).toBe('Image Downloaded'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/uploads/abc.png');
    expect(clicked).toEqual(['cover-image.png']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(lastToast()?.variant).toBeUndefined();
  });

  it('names a JPEG cover-image.jpg whatever the URL says', async () => {
    const user = userEvent.setup();
    mockFetch(() => new Response('x', { status: 200, headers: { 'Content-Type': 'image/jpeg' } }));
    renderCard(makePostSummary({ coverImage: '/uploads/holiday-in-prague.png' }));
    await user.click(screen.getByRole('button', { name: 'Download cover image' }));
    await waitFor(() => expect(clicked).toEqual(['cover-image.jpg']));
  });

  it('fetches nothing from another site', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(() => new Response('x', { status: 200 }));
    renderCard(makePostSummary({ coverImage: 'https://evil.example/uploads/a.png' }));
    await user.click(screen.getByRole('button', { name: 'Download cover image' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Download Error'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a failed download', async () => {
    const user = userEvent.setup();
    mockFetch(() => new Response('gone', { status: 404 }));
    renderCard(makePostSummary({ coverImage: '/uploads/abc.png' }));
    await user.click(screen.getByRole('button', { name: 'Download cover image' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Download Error',
        description: 'Failed to download the image',
        variant: 'destructive',
      }),
    );
    expect(clicked).toEqual([]);
  });

  it('speaks Czech in the toasts', async () => {
    const user = userEvent.setup();
    setLanguage('cs');
    mockFetch(() => Promise.reject(new TypeError('offline')));
    renderCard(makePostSummary({ coverImage: '/uploads/abc.webp' }));
    await user.click(screen.getByRole('button', { name: 'Stáhnout titulní obrázek' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Chyba při stahování',
        description: 'Nepodařilo se stáhnout obrázek',
      }),
    );

    mockFetch(() => new Response('x', { status: 200, headers: { 'Content-Type': 'image/webp' } }));
    await act(() => user.click(screen.getByRole('button', { name: 'Stáhnout titulní obrázek' })));
    await waitFor(() => expect(lastToast()?.title).toBe('Obrázek stažen'));
  });
});
