// The newsletter's pages: /newsletter with the box, and the mailed links' pages, where opening
// the page sends nothing and only the button POSTs the token; done, invalid and failed states.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { appRoutes } from '@/app/router';
import { jsonBodyOf } from '@/testing/request-body';
import { jsonResponse, mockFetch, renderRoutes, setLanguage } from '@/testing/test-utils';

function server(answer: (path: string) => Response) {
  const posts: { path: string; body: unknown }[] = [];
  mockFetch((path, init) => {
    if (path === '/api/user') return jsonResponse({ message: 'Not logged in' }, 401);
    if (init?.method === 'POST') {
      posts.push({ path, body: jsonBodyOf(init) });
      return answer(path);
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return posts;
}

describe('newsletter pages', () => {
  it('/newsletter is a page with the subscribe box', async () => {
    setLanguage('cs');
    server(() => jsonResponse({}, 202));
    renderRoutes(appRoutes, '/newsletter');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Newsletter');
    expect(screen.getByTestId('newsletter-box')).toHaveTextContent('Nové články e-mailem');
  });

  it('confirms only when the button is pressed, in Czech', async () => {
    setLanguage('cs');
    const posts = server(() => jsonResponse({ message: 'Subscription confirmed' }));
    renderRoutes(appRoutes, '/newsletter/confirm?token=abc-123');
    const button = await screen.findByTestId('newsletter-confirm-button');
    expect(button).toHaveTextContent('Potvrdit odběr');
    expect(posts).toEqual([]);
    await userEvent.click(button);
    expect(await screen.findByTestId('newsletter-link-done')).toHaveTextContent(
      'Odběr je potvrzen',
    );
    expect(posts).toEqual([{ path: '/api/newsletter/confirm', body: { token: 'abc-123' } }]);
  });

  it('says when a confirmation link is invalid or expired', async () => {
    server(() => jsonResponse({ message: 'Invalid or expired confirmation link' }, 400));
    renderRoutes(appRoutes, '/newsletter/confirm?token=used');
    await userEvent.click(await screen.findByTestId('newsletter-confirm-button'));
    expect(await screen.findByTestId('newsletter-link-invalid')).toHaveTextContent(
      'Invalid or expired confirmation link',
    );
  });

  it('calls a link without a token invalid without asking the server', async () => {
    const posts = server(() => jsonResponse({}));
    renderRoutes(appRoutes, '/newsletter/unsubscribe');
    expect(await screen.findByTestId('newsletter-link-invalid')).toHaveTextContent(
      'Invalid unsubscribe link',
    );
    expect(screen.queryByTestId('newsletter-unsubscribe-button')).not.toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('unsubscribes with the button, and offers it again after a failure', async () => {
    let status = 503;
    const posts = server(() => jsonResponse({ message: 'x' }, status));
    renderRoutes(appRoutes, '/newsletter/unsubscribe?token=tok');
    await userEvent.click(await screen.findByTestId('newsletter-unsubscribe-button'));
    expect(await screen.findByTestId('newsletter-link-error')).toHaveTextContent(
      'Something went wrong',
    );
    status = 200;
    await userEvent.click(screen.getByTestId('newsletter-unsubscribe-button'));
    expect(await screen.findByTestId('newsletter-link-done')).toHaveTextContent(
      'You are unsubscribed',
    );
    expect(posts.map((p) => p.path)).toEqual([
      '/api/newsletter/unsubscribe',
      '/api/newsletter/unsubscribe',
    ]);
    expect(posts[1]?.body).toEqual({ token: 'tok' });
  });
});
