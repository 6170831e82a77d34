// 'Get new articles by e-mail': the language preset from the interface, what it sends, and the
// server's answers (202, a bad address, too many requests, a failure) in the interface's language.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonBodyOf } from '@/testing/request-body';
import { jsonResponse, mockFetch, renderWithQueryClient, setLanguage } from '@/testing/test-utils';

import { SubscribeBox } from './subscribe-box';

const accepted = {
  message: 'Check your inbox: we sent a link to confirm your subscription.',
};

async function subscribe(email: string) {
  await userEvent.type(screen.getByTestId('newsletter-email'), email);
  await userEvent.click(screen.getByTestId('newsletter-subscribe'));
}

describe('SubscribeBox', () => {
  it('subscribes in Czech when the interface is Czech, and says so in Czech', async () => {
    setLanguage('cs');
    const fetchMock = mockFetch(() => jsonResponse(accepted, 202));
    renderWithQueryClient(<SubscribeBox />);
    expect(screen.getByTestId('newsletter-box')).toHaveTextContent('Nové články e-mailem');
    expect(screen.getByTestId('newsletter-language')).toHaveValue('cs');
    await subscribe(' ctenar@example.com ');
    expect(await screen.findByTestId('newsletter-done')).toHaveTextContent(
      'Podívejte se do schránky',
    );
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/newsletter/subscribe');
    expect(init?.method).toBe('POST');
    expect(jsonBodyOf(init)).toEqual({ email: 'ctenar@example.com', language: 'cs' });
  });

  it('sends the language the reader chose', async () => {
    const fetchMock = mockFetch(() => jsonResponse(accepted, 202));
    renderWithQueryClient(<SubscribeBox />);
    expect(screen.getByTestId('newsletter-language')).toHaveValue('en');
    await userEvent.selectOptions(screen.getByTestId('newsletter-language'), 'cs');
    await subscribe('reader@example.com');
    await screen.findByTestId('newsletter-done');
    expect(jsonBodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({
      email: 'reader@example.com',
      language: 'cs',
    });
  });

  it('shows a refused address at the field, in the interface language', async () => {
    setLanguage('cs');
    mockFetch(() =>
      jsonResponse(
        { message: 'Validation failed', fields: { email: 'Please enter a valid email address' } },
        400,
      ),
    );
    renderWithQueryClient(<SubscribeBox />);
    await subscribe('nope');
    expect(await screen.findByTestId('newsletter-email-error')).toHaveTextContent(
      'Zadejte platnou e-mailovou adresu',
    );
    expect(screen.getByTestId('newsletter-email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('newsletter-done')).not.toBeInTheDocument();
  });

  it('asks to wait after too many requests, and says when it failed', async () => {
    let status = 429;
    mockFetch(() =>
      jsonResponse({ message: 'Too many subscription requests. Please try again later.' }, status),
    );
    renderWithQueryClient(<SubscribeBox />);
    await subscribe('reader@example.com');
    expect(await screen.findByTestId('newsletter-error')).toHaveTextContent(
      'Too many subscription requests. Please try again later.',
    );
    status = 500;
    await userEvent.click(screen.getByTestId('newsletter-subscribe'));
    expect(
      await screen.findByText('The subscription could not be sent. Please try again.'),
    ).toBeVisible();
  });
});
