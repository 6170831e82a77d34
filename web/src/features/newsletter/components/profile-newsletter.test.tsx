// The profile's Newsletter card: the account's state, subscribing (at once, or by the mailed
// link for an address not verified), unsubscribing, and its error state.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonBodyOf } from '@/testing/request-body';
import { jsonResponse, mockFetch, renderWithQueryClient, setLanguage } from '@/testing/test-utils';
import type { User } from '@/types/api';

import { ProfileNewsletter } from './profile-newsletter';

const user: User = {
  id: 3,
  username: 'reader',
  email: 'reader@example.com',
  role: 'user',
  approvalStatus: 'pending',
  emailVerified: true,
  createdAt: '2024-03-05T10:00:00Z',
};

function server(state: string, answer: (method: string) => Response) {
  const calls: { method: string; body: unknown }[] = [];
  mockFetch((path, init) => {
    const method = init?.method ?? 'GET';
    if (path !== '/api/user/newsletter') return jsonResponse({ message: 'Not found' }, 404);
    if (method === 'GET') return jsonResponse({ state, language: state === 'none' ? null : 'en' });
    calls.push({ method, body: jsonBodyOf(init) });
    return answer(method);
  });
  return calls;
}

describe('ProfileNewsletter', () => {
  it('subscribes the account in the chosen language, in Czech', async () => {
    setLanguage('cs');
    const calls = server('none', () => jsonResponse({ state: 'active', language: 'cs' }));
    renderWithQueryClient(<ProfileNewsletter user={user} />);
    expect(await screen.findByTestId('profile-newsletter-state')).toHaveTextContent(
      'Odběr nemáte.',
    );
    expect(screen.getByTestId('profile-newsletter')).toHaveTextContent('reader@example.com');
    expect(screen.getByTestId('profile-newsletter-language')).toHaveValue('cs');
    await userEvent.click(screen.getByTestId('profile-newsletter-subscribe'));
    expect(await screen.findByText('Odebíráte nové články.')).toBeVisible();
    expect(calls).toEqual([{ method: 'POST', body: { language: 'cs' } }]);
    expect(screen.getByTestId('profile-newsletter-unsubscribe')).toBeVisible();
  });

  it('says to check the inbox when the address must be confirmed first', async () => {
    server('unsubscribed', () =>
      jsonResponse(
        { state: 'unsubscribed', language: 'en', message: 'Check your inbox: we sent a link.' },
        202,
      ),
    );
    renderWithQueryClient(<ProfileNewsletter user={{ ...user, emailVerified: false }} />);
    expect(await screen.findByTestId('profile-newsletter-state')).toHaveTextContent(
      'You unsubscribed.',
    );
    await userEvent.click(screen.getByTestId('profile-newsletter-subscribe'));
    expect(await screen.findByTestId('profile-newsletter-sent')).toHaveTextContent(
      'Check your inbox',
    );
  });

  it('unsubscribes an active subscription', async () => {
    const calls = server('active', () => jsonResponse({ state: 'unsubscribed', language: 'en' }));
    renderWithQueryClient(<ProfileNewsletter user={user} />);
    await userEvent.click(await screen.findByTestId('profile-newsletter-unsubscribe'));
    expect(await screen.findByText('You unsubscribed.')).toBeVisible();
    expect(calls.map((c) => c.method)).toEqual(['DELETE']);
  });

  it('says when the subscription cannot be loaded', async () => {
    mockFetch(() => jsonResponse({ message: 'Database unavailable' }, 503));
    renderWithQueryClient(<ProfileNewsletter user={user} />);
    expect(await screen.findByTestId('profile-newsletter-error')).toHaveTextContent(
      'The subscription could not be loaded.',
    );
  });
});
