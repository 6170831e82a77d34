import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { currentPath, renderRoutes, setLanguage } from '@/testing/test-utils';

import { buildSearchPath } from '../hooks/use-search-navigation';

import { SearchBox } from './search-box';

const routes = [
  { path: '/', element: <SearchBox /> },
  { path: '/search', element: <SearchBox initialQuery="fees" /> },
];

describe('buildSearchPath', () => {
  it('sends a blank query home and encodes the rest', () => {
    expect(buildSearchPath('')).toBe('/');
    expect(buildSearchPath('   ')).toBe('/');
    expect(buildSearchPath('  open banking ')).toBe('/search?q=open%20banking');
    expect(buildSearchPath('a&b=c/d?#ř')).toBe('/search?q=a%26b%3Dc%2Fd%3F%23%C5%99');
  });
});

describe('SearchBox', () => {
  it('navigates to the encoded search URL with the trimmed query', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/');

    const input = screen.getByPlaceholderText('Search articles...');
    await user.type(input, '  card & wallet  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(currentPath(router)).toBe('/search?q=card%20%26%20wallet');
  });

  it('goes home for a blank query', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/search?q=fees');

    const input = screen.getByRole('searchbox');
    expect(input).toHaveValue('fees');
    await user.clear(input);
    await user.type(input, '   {Enter}');

    expect(currentPath(router)).toBe('/');
  });

  it('speaks Czech', () => {
    setLanguage('cs');
    renderRoutes(routes, '/');
    expect(screen.getByPlaceholderText('Hledat články...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hledat' })).toBeInTheDocument();
  });
});
