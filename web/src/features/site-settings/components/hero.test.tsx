import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, renderWithQueryClient, setLanguage } from '@/testing/test-utils';
import type { SiteSettings } from '@/types/api';

import { DEFAULT_SITE_SETTINGS } from '../utils/defaults';

import { Hero } from './hero';

const custom: SiteSettings = {
  ...DEFAULT_SITE_SETTINGS,
  siteTitle: 'Card Rails Weekly',
  siteDescription: 'Notes on acquiring, issuing and everything between.',
  imageOnRight: true,
  heroBackgroundColor: '#0f172a',
  titleColor: '#22d3ee',
  subtitleColor: '#e2e8f0',
  heroImage: '/uploads/custom.png',
  heroImageWidth: '60%',
  heroImageHeight: '320px',
};

describe('Hero', () => {
  it('renders the server settings', async () => {
    const fetchMock = mockFetch((path) =>
      path === '/api/site-settings' ? jsonResponse(custom) : jsonResponse({}, 404),
    );
    renderWithQueryClient(<Hero latestArticlesId="latest" search={<div>search slot</div>} />);

    expect(screen.getByTestId('hero-skeleton')).toBeInTheDocument();
    const title = await screen.findByTestId('hero-title');
    expect(title).toHaveTextContent('Card Rails Weekly');
    expect(title).toHaveStyle({ color: '#22d3ee' });
    expect(title.tagName).toBe('H1');

    const hero = screen.getByTestId('hero');
    expect(hero).toHaveStyle({ backgroundColor: '#0f172a' });
    expect(hero).toHaveAttribute('data-image-position', 'right');
    expect(screen.getByTestId('hero-badge')).toHaveTextContent('Professional Payment Blog');
    expect(screen.getByTestId('hero-description')).toHaveTextContent(
      'Notes on acquiring, issuing and everything between.',
    );
    expect(screen.getByTestId('hero-description')).toHaveStyle({ color: '#e2e8f0' });

    const image = screen.getByTestId('hero-image');
    expect(image).toHaveAttribute('src', '/uploads/custom.png');
    expect(image).toHaveStyle({ width: '60%', height: '320px' });
    expect(screen.getByText('search slot')).toBeInTheDocument();
    expect(screen.getByTestId('hero-cta')).toHaveAttribute('href', '#latest');
    expect(fetchMock).toHaveBeenCalledWith('/api/site-settings', expect.anything());
  });

  it('puts the image on the left by default and speaks Czech when asked', async () => {
    setLanguage('cs');
    mockFetch(() => jsonResponse(DEFAULT_SITE_SETTINGS));
    renderWithQueryClient(<Hero latestArticlesId="latest" />);

    expect(await screen.findByTestId('hero')).toHaveAttribute('data-image-position', 'left');
    expect(screen.getByTestId('hero-badge')).toHaveTextContent('Profesionální blog o platbách');
    expect(screen.getByTestId('hero-title')).toHaveTextContent('PayTech Blog');
    expect(screen.getByTestId('hero-cta')).toHaveTextContent('Číst nejnovější příspěvky');
  });

  it('falls back to the default settings when the call fails', async () => {
    mockFetch(() => new Response('down', { status: 503 }));
    renderWithQueryClient(<Hero latestArticlesId="latest" />);

    expect(await screen.findByTestId('hero-title')).toHaveTextContent('PayTech Blog');
    expect(screen.getByTestId('hero-description')).toHaveTextContent(
      DEFAULT_SITE_SETTINGS.siteDescription,
    );
    expect(screen.getByTestId('hero-image')).toHaveAttribute('src', '/uploads/payments-hero.svg');
  });
});
