import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';

import { Toaster } from '@/components/ui/toast';
import { jsonResponse, mockFetch, renderRoutes, setLanguage } from '@/testing/test-utils';
import type { User } from '@/types/api';

import { ChangePasswordForm } from './change-password-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { ProfileDetails } from './profile-details';
import { ResetPasswordForm } from './reset-password-form';
import { VerifyEmailNotice } from './verify-email-notice';

function renderPage(page: ReactElement) {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          {page}
          <Toaster />
        </>
      ),
    },
  ]);
}

function body(init: RequestInit | undefined): unknown {
  return JSON.parse(init?.body as string);
}

describe('VerifyEmailNotice', () => {
  it('sends the token once and shows the result', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ message: 'Email verified' }));
    renderPage(<VerifyEmailNotice token="abc123" />);
    const result = await screen.findByText('Email verified');
    expect(result.closest('[role="alert"]')).toHaveAttribute('data-state', 'verified');
    const calls = fetchMock.mock.calls.filter(([input]) => input === '/api/verify-email');
    expect(calls).toHaveLength(1);
    expect(body(calls[0]?.[1])).toEqual({ token: 'abc123' });
  });

  it('shows an invalid link in a destructive alert, in Czech too', async () => {
    setLanguage('cs');
    mockFetch(() => jsonResponse({ message: 'Invalid or expired verification link' }, 400));
    renderPage(<VerifyEmailNotice token="used" />);
    expect(await screen.findByText('Ověřovací odkaz je neplatný nebo vypršel')).toBeInTheDocument();
    expect(screen.getByTestId('verify-email-result')).toHaveAttribute('data-state', 'failed');
  });
});

describe('ForgotPasswordForm', () => {
  it('validates the address, then shows the neutral answer', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse({
        message: 'If an account exists for that address, we sent a link to reset the password.',
      }),
    );
    const user = userEvent.setup();
    renderPage(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByTestId('error-email')).toHaveTextContent(
      'Please enter a valid email address',
    );
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), '@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByTestId('forgot-password-sent')).toHaveTextContent(
      'If an account exists for that address, we sent a link to reset the password.',
    );
    expect(body(fetchMock.mock.calls[0]?.[1])).toEqual({ email: 'nobody@example.com' });
  });
});

describe('ResetPasswordForm', () => {
  it('without a token says the link is invalid', () => {
    mockFetch(() => jsonResponse({}));
    renderPage(<ResetPasswordForm token={null} />);
    expect(screen.getByTestId('form-error')).toHaveTextContent('Invalid or expired reset link');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('sets the new password and then links to the sign-in', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse({
        message: 'Your password has been reset. Please sign in with the new password.',
      }),
    );
    const user = userEvent.setup();
    renderPage(<ResetPasswordForm token="tok" />);
    await user.type(screen.getByLabelText('New Password'), 'brand new pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand new pas');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByTestId('error-confirmPassword')).toHaveTextContent("Passwords don't match");

    await user.type(screen.getByLabelText('Confirm New Password'), 's');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByTestId('reset-password-done')).toHaveTextContent(
      'Your password has been reset. Please sign in with the new password.',
    );
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/auth');
    expect(body(fetchMock.mock.calls[0]?.[1])).toEqual({
      token: 'tok',
      password: 'brand new pass',
      confirmPassword: 'brand new pass',
    });
  });

  it('shows an expired link from the server', async () => {
    mockFetch(() => jsonResponse({ message: 'Invalid or expired reset link' }, 400));
    const user = userEvent.setup();
    renderPage(<ResetPasswordForm token="old" />);
    await user.type(screen.getByLabelText('New Password'), 'brand new pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand new pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'Invalid or expired reset link',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });
});

describe('ChangePasswordForm', () => {
  async function fill(current: string, next: string, confirm: string) {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current Password'), current);
    await user.type(screen.getByLabelText('New Password'), next);
    await user.type(screen.getByLabelText('Confirm New Password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
  }

  it('changes the password with a success toast and empties the form', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ message: 'Password changed' }));
    renderPage(<ChangePasswordForm />);
    await fill('old password', 'new password', 'new password');
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Success')).toBeInTheDocument();
    expect(within(toast).getByText('Password changed')).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/password');
    expect(body(fetchMock.mock.calls[0]?.[1])).toEqual({
      currentPassword: 'old password',
      password: 'new password',
      confirmPassword: 'new password',
    });
  });

  it('puts a wrong current password under its field', async () => {
    setLanguage('cs');
    mockFetch(() =>
      jsonResponse(
        {
          message: 'Current password is incorrect',
          fields: { currentPassword: 'Current password is incorrect' },
        },
        400,
      ),
    );
    const user = userEvent.setup();
    renderPage(<ChangePasswordForm />);
    await user.type(screen.getByLabelText('Současné heslo'), 'wrong one');
    await user.type(screen.getByLabelText('Nové heslo'), 'new password');
    await user.type(screen.getByLabelText('Potvrzení nového hesla'), 'new password');
    await user.click(screen.getByRole('button', { name: 'Změnit heslo' }));
    expect(await screen.findByTestId('error-currentPassword')).toHaveTextContent(
      'Současné heslo není správné',
    );
    expect(screen.getByText('Heslo se nepodařilo změnit')).toBeInTheDocument();
  });

  it('checks the fields before sending', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    renderPage(<ChangePasswordForm />);
    await fill('x', 'short', 'shorter');
    expect(screen.getByTestId('error-password')).toHaveTextContent(
      'Password must be at least 8 characters',
    );
    expect(screen.getByTestId('error-confirmPassword')).toHaveTextContent("Passwords don't match");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ProfileDetails', () => {
  const pending: User = {
    id: 9,
    username: 'dave',
    email: 'dave@example.com',
    role: 'user',
    approvalStatus: 'pending',
    emailVerified: false,
    createdAt: '2024-03-05T10:00:00Z',
  };

  it('lists the account with its status badge', () => {
    renderPage(<ProfileDetails user={pending} />);
    expect(screen.getByTestId('profile-username')).toHaveTextContent('dave');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('dave@example.com');
    expect(screen.getByTestId('profile-role')).toHaveTextContent('User');
    expect(screen.getByTestId('profile-status')).toHaveTextContent('Pending');
    expect(screen.getByTestId('profile-emailVerified')).toHaveTextContent('No');
    expect(screen.getByTestId('profile-memberSince')).toHaveTextContent('March 5, 2024');
    expect(screen.getByTestId('approval-notice')).toHaveTextContent(
      'Your account is pending approval',
    );
  });

  it('in Czech', () => {
    setLanguage('cs');
    renderPage(<ProfileDetails user={{ ...pending, approvalStatus: 'approved', role: 'admin' }} />);
    expect(screen.getByTestId('profile-role')).toHaveTextContent('Administrátor');
    expect(screen.getByTestId('profile-status')).toHaveTextContent('Schválený');
    expect(screen.queryByTestId('approval-notice')).not.toBeInTheDocument();
  });
});
