import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, renderRoutes, setLanguage } from '@/testing/test-utils';

import { CategoryFilter } from './category-filter';

describe('CategoryFilter', () => {
  it('lists All Posts and the server categories, highlighting the active one', async () => {
    const fetchMock = mockFetch(() => jsonResponse(['Fintech', 'Open Finance & APIs']));
    renderRoutes([{ path: '/', element: <CategoryFilter active="open finance & apis" /> }]);

    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(await within(nav).findByRole('link', { name: 'Open Finance & APIs' })).toHaveAttribute(
      'href',
      '/category/Open%20Finance%20%26%20APIs',
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/categories');
    expect(within(nav).getByRole('link', { name: 'Open Finance & APIs' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'All Posts' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'All Posts' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(within(nav).queryByRole('link', { name: 'Regulations' })).not.toBeInTheDocument();
  });

  it('falls back to the built-in categories and marks All Posts when none is active', () => {
    mockFetch(() => new Response('down', { status: 500 }));
    setLanguage('cs');
    renderRoutes([{ path: '/', element: <CategoryFilter /> }]);
    const nav = screen.getByRole('navigation', { name: 'Kategorie' });
    expect(within(nav).getByRole('link', { name: 'Všechny příspěvky' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      within(nav)
        .getAllByTestId('category-filter-item')
        .map((a) => a.textContent),
    ).toEqual([
      'Digital Payments',
      'Fintech',
      'Regulations',
      'Cybersecurity',
      'Innovation',
      'Market Trends',
    ]);
  });
});
