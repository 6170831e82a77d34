import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { Toaster } from '@/components/ui/toast';
import {
  currentPath,
  jsonResponse,
  mockFetch,
  renderRoutes,
  setLanguage,
} from '@/testing/test-utils';
import type { User } from '@/types/api';

import { userQueryKey } from '../api/get-user';

import { AuthScreen } from './auth-screen';
import { ProtectedRoute } from './protected-route';

const routes: RouteObject[] = [
  {
    element: (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
    children: [
      { path: '/', element: <p>home page</p> },
      { path: '/auth', element: <AuthScreen siteTitle="PayTech Blog" /> },
    ],
  },
];

function newUser(overrides: Partial<User> = {}): User {
  return {
    id: 5,
    username: 'newbie',
    email: 'newbie@example.com',
    role: 'user',
    approvalStatus: 'pending',
    emailVerified: false,
    createdAt: '2024-03-05T10:00:00Z',
    ...overrides,
  };
}

function renderAuth() {
  const user = userEvent.setup();
  const rendered = renderRoutes(routes, '/auth');
  return { user, ...rendered };
}

const never = () => new Promise<Response>(() => undefined);

describe('AuthScreen', () => {
  it('starts in login mode with the side panel headed by the blog title', () => {
    mockFetch(never);
    renderAuth();
    expect(screen.getByTestId('auth-title')).toHaveTextContent('Sign In');
    expect(screen.getByText('Sign in to manage blog content')).toBeInTheDocument();
    expect(screen.getByLabelText('Username or Email')).toHaveAttribute('name', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByTestId('auth-panel-title')).toHaveTextContent('PayTech Blog');
    expect(screen.getByTestId('auth-panel')).toHaveTextContent(
      'Join our community of payment experts and share your insights on fintech innovations, industry trends, and best practices.',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    for (const input of screen.getAllByRole('textbox')) expect(input).toBeRequired();
  });

  it('shows the login messages for empty fields', async () => {
    const fetchMock = mockFetch(never);
    const { user } = renderAuth();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByTestId('error-email')).toHaveTextContent('Username/Email is required');
    expect(screen.getByTestId('error-password')).toHaveTextContent('Password is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the login messages in Czech', async () => {
    setLanguage('cs');
    mockFetch(never);
    const { user } = renderAuth();
    expect(screen.getByText('Přihlaste se a spravujte obsah blogu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    expect(screen.getByTestId('error-email')).toHaveTextContent(
      'Uživatelské jméno nebo e-mail je povinné',
    );
    expect(screen.getByTestId('error-password')).toHaveTextContent('Heslo je povinné');
  });

  it('validates the registration form, the mismatch under confirmPassword', async () => {
    mockFetch(never);
    const { user } = renderAuth();
    await user.click(screen.getByTestId('switch-to-register'));
    expect(screen.getByText('Create a new account to get started')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');

    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Email'), 'newbie-at-example');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.type(screen.getByLabelText('Confirm Password'), 'long enougH');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(screen.getByTestId('error-email')).toHaveTextContent(
      'Please enter a valid email address',
    );
    expect(screen.getByTestId('error-confirmPassword')).toHaveTextContent("Passwords don't match");
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      "Passwords don't match",
    );

    // Fixing a field clears its message at once.
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'long enough');
    expect(screen.queryByTestId('error-confirmPassword')).not.toBeInTheDocument();
  });

  it('validates the registration form in Czech', async () => {
    setLanguage('cs');
    mockFetch(never);
    const { user } = renderAuth();
    await user.click(screen.getByTestId('switch-to-register'));
    expect(screen.getByText('Vytvořte si nový účet a můžete začít')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'x@y');
    await user.type(screen.getByLabelText('Heslo'), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Zaregistrovat se' }));
    expect(screen.getByTestId('error-email')).toHaveTextContent(
      'Zadejte platnou e-mailovou adresu',
    );
    expect(screen.getByTestId('error-confirmPassword')).toHaveTextContent('Hesla se neshodují');
  });

  it('asks for the code in a second step and sends it with the credentials', async () => {
    const bodies: Record<string, string>[] = [];
    mockFetch((path, init) => {
      if (path !== '/api/login') return jsonResponse({}, 404);
      const body = JSON.parse(init?.body as string) as Record<string, string>;
      bodies.push(body);
      if (!body.code)
        return jsonResponse(
          { message: 'Enter the code from your authenticator app', twoFactorRequired: true },
          401,
        );
      if (body.code !== '123456')
        return jsonResponse({ message: 'Invalid two-factor code', twoFactorRequired: true }, 401);
      return jsonResponse({}, 500);
    });
    setLanguage('cs');
    const { user } = renderAuth();
    await user.type(screen.getByLabelText('Uživatelské jméno nebo e-mail'), 'alice');
    await user.type(screen.getByLabelText('Heslo'), 'secret password');
    await user.click(screen.getByTestId('login-submit'));
    const code = await screen.findByLabelText('Ověřovací kód');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();
    await user.type(code, '000000');
    await user.click(screen.getByTestId('two-factor-submit'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Neplatný ověřovací kód');
    expect(bodies.at(-1)).toEqual({
      username: 'alice',
      password: 'secret password',
      code: '000000',
    });
  });

  it('switching modes resets the other form and clears the error', async () => {
    mockFetch((path) =>
      path === '/api/login'
        ? jsonResponse({ message: 'Invalid username or password' }, 401)
        : jsonResponse({}, 404),
    );
    const { user } = renderAuth();
    await user.type(screen.getByLabelText('Username or Email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'Invalid username or password',
    );

    await user.click(screen.getByTestId('switch-to-register'));
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'half-typed');

    await user.click(screen.getByTestId('switch-to-login'));
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username or Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');

    await user.click(screen.getByTestId('switch-to-register'));
    expect(screen.getByLabelText('Username')).toHaveValue('');
  });

  it('disables the buttons while pending: Logging in... / Registering...', async () => {
    mockFetch(never);
    const { user } = renderAuth();
    await user.type(screen.getByLabelText('Username or Email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();

    await user.click(screen.getByTestId('switch-to-register'));
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Email'), 'newbie@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.type(screen.getByLabelText('Confirm Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('button', { name: 'Registering...' })).toBeDisabled();
  });

  it('shows the Czech pending texts', async () => {
    setLanguage('cs');
    mockFetch(never);
    const { user } = renderAuth();
    await user.type(screen.getByLabelText('Uživatelské jméno nebo e-mail'), 'alice');
    await user.type(screen.getByLabelText('Heslo'), 'secret password');
    await user.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    expect(await screen.findByRole('button', { name: 'Přihlašování...' })).toBeDisabled();
  });

  it('signs in: sends the box as username, caches the user, toasts and goes home', async () => {
    const alice = newUser({ username: 'alice', approvalStatus: 'approved' });
    const fetchMock = mockFetch((path) =>
      path === '/api/login' ? jsonResponse(alice) : jsonResponse({}, 404),
    );
    const { user, router, client } = renderAuth();
    await user.type(screen.getByLabelText('Username or Email'), '  alice@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({
      username: 'alice@example.com',
      password: 'secret password',
    });
    expect(client.getQueryData(userQueryKey)).toEqual(alice);
    const toast = screen.getByTestId('toast');
    expect(within(toast).getByText('Success')).toBeInTheDocument();
    expect(within(toast).getByText('Logged in successfully')).toBeInTheDocument();
  });

  it('registers a pending account with the pending-approval toast', async () => {
    mockFetch((path) =>
      path === '/api/register' ? jsonResponse(newUser(), 201) : jsonResponse({}, 404),
    );
    const { user, router, client } = renderAuth();
    await user.click(screen.getByTestId('switch-to-register'));
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Email'), 'newbie@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.type(screen.getByLabelText('Confirm Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    expect(client.getQueryData(userQueryKey)).toMatchObject({ username: 'newbie' });
    expect(
      screen.getByText('Registration successful! Your account is pending approval.'),
    ).toBeInTheDocument();
  });

  it('says "Registered successfully" for an account that is already approved', async () => {
    mockFetch(() => jsonResponse(newUser({ approvalStatus: 'approved' }), 201));
    const { user } = renderAuth();
    await user.click(screen.getByTestId('switch-to-register'));
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Email'), 'newbie@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.type(screen.getByLabelText('Confirm Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registered successfully')).toBeInTheDocument();
  });

  it('reports a failed login in the alert and a destructive toast', async () => {
    mockFetch(() =>
      jsonResponse(
        { message: 'Too many failed login attempts. Please try again in 15 minutes.' },
        429,
      ),
    );
    const { user } = renderAuth();
    await user.type(screen.getByLabelText('Username or Email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const message = 'Too many failed login attempts. Please try again in 15 minutes.';
    expect(await screen.findByTestId('form-error')).toHaveTextContent(message);
    const toast = screen.getByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(within(toast).getByText('Login failed')).toBeInTheDocument();
    expect(within(toast).getByText(message)).toBeInTheDocument();
  });

  it('shows server field errors of a failed registration under the fields', async () => {
    setLanguage('cs');
    mockFetch(() =>
      jsonResponse(
        { message: 'Username already exists', fields: { username: 'Username already exists' } },
        409,
      ),
    );
    const { user } = renderAuth();
    await user.click(screen.getByTestId('switch-to-register'));
    await user.type(screen.getByLabelText('Uživatelské jméno'), 'alice');
    await user.type(screen.getByLabelText('E-mail'), 'alice@example.com');
    await user.type(screen.getByLabelText('Heslo'), 'long enough');
    await user.type(screen.getByLabelText('Potvrzení hesla'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Zaregistrovat se' }));

    await waitFor(() =>
      expect(screen.getByTestId('error-username')).toHaveTextContent(
        'Toto uživatelské jméno už existuje',
      ),
    );
    expect(screen.getByTestId('form-error')).toHaveTextContent(
      'Toto uživatelské jméno už existuje',
    );
    expect(screen.getByText('Registrace se nezdařila')).toBeInTheDocument();
  });

  it('says why when a protected page sent the visitor here', async () => {
    mockFetch(() => jsonResponse({ message: 'Not authenticated' }, 401));
    const { router } = renderRoutes(
      [
        { path: '/auth', element: <AuthScreen siteTitle="PayTech Blog" /> },
        { element: <ProtectedRoute />, children: [{ path: '/profile', element: <p>profile</p> }] },
      ],
      '/profile',
    );
    expect(await screen.findByTestId('login-required')).toHaveTextContent(
      'You must be logged in to view this page',
    );
    expect(currentPath(router)).toBe('/auth');
  });

  it('has no such notice on a direct visit', () => {
    mockFetch(never);
    renderAuth();
    expect(screen.queryByTestId('login-required')).not.toBeInTheDocument();
  });
});
