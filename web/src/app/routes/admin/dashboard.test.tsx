import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { appRoutes } from '@/app/router';
import { jsonResponse, mockFetch, renderRoutes, setLanguage } from '@/testing/test-utils';
import type { User } from '@/types/api';

const admin: User = {
  id: 1,
  username: 'admin',
  email: 'admin@paytech.local',
  role: 'admin',
  approvalStatus: 'approved',
  emailVerified: true,
  createdAt: '2024-03-05T10:00:00Z',
};

function server() {
  mockFetch((path) => {
    if (path === '/api/user') return jsonResponse(admin);
    if (path === '/api/admin/users') return jsonResponse([admin]);
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

describe('/admin', () => {
  it('has the title, subtitle, links and the user tabs', async () => {
    server();
    renderRoutes(appRoutes, '/admin');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Admin Dashboard');
    expect(screen.getByText('Manage users and content')).toBeInTheDocument();
    const links = {
      'Return to Homepage': '/',
      'Manage Posts': '/admin/posts',
      'Site Settings': '/admin/site-settings',
      'Create Post': '/post-editor',
      'Export site': '/api/admin/export',
      Import: '/admin/import',
    };
    for (const [name, href] of Object.entries(links)) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(await screen.findByTestId('count-users')).toHaveTextContent('1');
  });

  it('in Czech', async () => {
    setLanguage('cs');
    server();
    renderRoutes(appRoutes, '/admin');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Administrace');
    expect(screen.getByText('Správa uživatelů a obsahu')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vytvořit příspěvek' })).toHaveAttribute(
      'href',
      '/post-editor',
    );
    expect(screen.getByRole('link', { name: 'Exportovat web' })).toHaveAttribute('download');
    expect(await screen.findByRole('tab', { name: /Uživatelé/ })).toBeInTheDocument();
  });
});
