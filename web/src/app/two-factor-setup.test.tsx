// The "require two-factor sign-in" settings as the app lives them: an account the site requires
// it of is kept on the setup screen from any page until it has set it up and seen its codes.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import {
  currentPath,
  jsonResponse,
  mockFetch,
  renderRoutes,
  setLanguage,
} from '@/testing/test-utils';
import type { User } from '@/types/api';

import { appRoutes } from './router';

const admin: User = {
  id: 7,
  username: 'boss',
  email: 'boss@example.com',
  role: 'admin',
  approvalStatus: 'approved',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  twoFactorEnabled: false,
  twoFactorSetupRequired: true,
};

const REFUSAL = 'Your account must use two-factor sign-in. Set it up to continue.';

// The server of issue 27: everything but the setup is refused until two-factor is on.
function requiringServer() {
  let enabled = false;
  return mockFetch((path, init) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/user') {
      return jsonResponse({
        ...admin,
        twoFactorEnabled: enabled,
        twoFactorSetupRequired: !enabled,
      });
    }
    if (path === '/api/user/2fa/setup' && method === 'POST') {
      return jsonResponse({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUri:
          'otpauth://totp/PayTech%20Blog:boss?secret=JBSWY3DPEHPK3PXP&issuer=PayTech%20Blog',
        qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      });
    }
    if (path === '/api/user/2fa/enable' && method === 'POST') {
      enabled = true;
      return jsonResponse({ recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] });
    }
    if (!enabled && path.startsWith('/api/')) return jsonResponse({ message: REFUSAL }, 403);
    return jsonResponse([]);
  });
}

describe('required two-factor sign-in', () => {
  it.each(['/admin', '/my-posts', '/', '/profile'])(
    'takes the account from %s to the setup screen',
    async (path) => {
      requiringServer();
      const { router } = renderRoutes(appRoutes, path);
      expect(
        await screen.findByText('Your account must use two-factor sign-in. Set it up to continue.'),
      ).toBeInTheDocument();
      expect(currentPath(router)).toBe('/profile/two-factor');
    },
  );

  it('lets it go once it is on and the recovery codes were seen', async () => {
    requiringServer();
    const user = userEvent.setup();
    const { router } = renderRoutes(appRoutes, '/admin/site-settings');
    await user.click(await screen.findByTestId('two-factor-start'));
    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByTestId('otpauth-link')).toHaveAttribute(
      'href',
      expect.stringContaining('otpauth://totp/'),
    );
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByTestId('two-factor-enable'));
    expect(await screen.findByText('aaaa-bbbb')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/profile/two-factor'); // the codes stay until seen
    await user.click(screen.getByTestId('recovery-codes-done'));
    await screen.findByTestId('users-tabs');
    expect(currentPath(router)).toBe('/admin');
  });

  it('says it in Czech', async () => {
    setLanguage('cs');
    requiringServer();
    renderRoutes(appRoutes, '/admin');
    expect(
      await screen.findByText(
        'Váš účet musí používat dvoufázové přihlášení. Pro pokračování si ho nastavte.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Nastavit dvoufázové přihlášení' }),
    ).toBeInTheDocument();
  });
});
