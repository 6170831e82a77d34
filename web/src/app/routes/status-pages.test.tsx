import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { providerFutureFlags, routerFutureFlags } from '@/app/router';
import { renderWithQueryClient, setLanguage } from '@/testing/test-utils';

import { NotFoundRoute, ServerErrorRoute, UnauthorizedRoute } from './status-pages';

function renderPage(page: ReactElement) {
  return renderWithQueryClient(
    <MemoryRouter future={{ ...routerFutureFlags, ...providerFutureFlags }}>{page}</MemoryRouter>,
  );
}

describe('status pages', () => {
  it('404 page in English', () => {
    renderPage(<NotFoundRoute />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404 Page Not Found');
    expect(screen.getByText('The page you are looking for does not exist.')).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(document.title).toBe('404 Page Not Found');
  });

  it('404 page in Czech', () => {
    setLanguage('cs');
    renderPage(<NotFoundRoute />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404 Stránka nenalezena');
    expect(screen.getByText('Stránka, kterou hledáte, neexistuje.')).toBeInTheDocument();
    expect(screen.getByText('Nezapomněli jste stránku přidat do routeru?')).toBeInTheDocument();
    expect(document.title).toBe('404 Stránka nenalezena');
    expect(screen.getByRole('link', { name: 'Zpět na domovskou stránku' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('server-error and unauthorized texts', () => {
    renderPage(<ServerErrorRoute />);
    expect(
      screen.getByText('An error occurred on the server. Please try again later.'),
    ).toBeInTheDocument();
    renderPage(<UnauthorizedRoute />);
    expect(screen.getByText('You do not have permission to access this page.')).toBeInTheDocument();
  });
});
