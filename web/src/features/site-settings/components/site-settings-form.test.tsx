import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { Toaster } from '@/components/ui/toast';
import { installRadixPolyfills } from '@/testing/radix-polyfills';
import { jsonBodyOf } from '@/testing/request-body';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import type { SiteSettings } from '@/types/api';

import { siteSettingsQueryKey } from '../api/get-site-settings';
import { DEFAULT_SITE_SETTINGS } from '../utils/defaults';

import { SiteSettingsPage } from './site-settings-form';

beforeAll(installRadixPolyfills);

function renderPage(isAdmin = true) {
  const events = userEvent.setup();
  const page = (
    <>
      <SiteSettingsPage
        isAdmin={isAdmin}
        renderHeroImageUpload={(onUploaded) => (
          <button type="button" onClick={() => onUploaded('/uploads/new-hero.png')}>
            fake upload
          </button>
        )}
      />
      <Toaster />
    </>
  );
  const result = renderRoutes(
    [{ path: '/admin/site-settings', element: page }],
    '/admin/site-settings',
  );
  return { events, ...result };
}

/** A fake blogd: GET answers the stored settings, PATCH answers `respondToPatch`. */
function server(respondToPatch: (body: Partial<SiteSettings>) => Response) {
  const patches: Partial<SiteSettings>[] = [];
  let stored = DEFAULT_SITE_SETTINGS;
  mockFetch((path, init) => {
    if (path === '/api/site-settings' && init?.method === 'PATCH') {
      const body = jsonBodyOf(init) as Partial<SiteSettings>;
      patches.push(body);
      const response = respondToPatch(body);
      if (response.ok) stored = { ...stored, ...body };
      return response;
    }
    return jsonResponse(stored);
  });
  return patches;
}

async function replaceText(
  events: ReturnType<typeof userEvent.setup>,
  field: HTMLElement,
  text: string,
) {
  await events.clear(field);
  await events.click(field);
  await events.paste(text);
}

describe('SiteSettingsPage', () => {
  it('denies non-admins', () => {
    server(() => jsonResponse({}));
    renderPage(false);
    expect(screen.getByTestId('status-title')).toHaveTextContent('Access Denied');
    expect(screen.getByTestId('status-message')).toHaveTextContent(
      'You need admin privileges to access this page.',
    );
  });

  it('shows the fields filled with the current settings and a Back to Admin link', async () => {
    server(() => jsonResponse({}));
    renderPage();
    expect(await screen.findByLabelText('Site Title')).toHaveValue('PayTech Blog');
    expect(screen.getByLabelText('Site Description')).toHaveValue(
      DEFAULT_SITE_SETTINGS.siteDescription,
    );
    expect(screen.getByLabelText('Hero Background Color')).toHaveValue('#1e293b');
    expect(screen.getByLabelText('Title Text Color')).toHaveValue('#4f46e5');
    expect(screen.getByLabelText('Subtitle Text Color')).toHaveValue('#f9fafb');
    expect(screen.getByLabelText('Hero Image Width')).toHaveValue('75%');
    expect(screen.getByLabelText('Hero Image Height')).toHaveValue('auto');
    expect(screen.getByRole('switch', { name: 'Hero Image Position' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeInTheDocument();
  });

  it('keeps the text box, swatch and colour picker in sync', async () => {
    server(() => jsonResponse({}));
    const { events } = renderPage();
    const text = await screen.findByLabelText('Title Text Color');
    const picker = screen.getByTestId('picker-titleColor');
    await replaceText(events, text, '#FF0000');
    expect(picker).toHaveValue('#ff0000');
    expect(screen.getByTestId('swatch-titleColor')).toHaveStyle({ backgroundColor: '#ff0000' });
  });

  it('checks the fields with the spec messages before saving', async () => {
    const patches = server(() => jsonResponse({}));
    const { events } = renderPage();
    await replaceText(events, await screen.findByLabelText('Site Title'), 'X');
    await replaceText(events, screen.getByLabelText('Site Description'), 'Short');
    for (const label of ['Hero Background Color', 'Title Text Color', 'Subtitle Text Color']) {
      await replaceText(events, screen.getByLabelText(label), 'blue');
    }
    await events.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(screen.getByTestId('error-siteTitle')).toHaveTextContent(
      'Title must be at least 2 characters',
    );
    expect(screen.getByTestId('error-siteDescription')).toHaveTextContent(
      'Description must be at least 10 characters',
    );
    expect(screen.getByTestId('error-heroBackgroundColor')).toHaveTextContent(
      'Must be a valid hex color (e.g. #1e293b)',
    );
    expect(screen.getByTestId('error-titleColor')).toHaveTextContent(
      'Must be a valid hex color (e.g. #4f46e5)',
    );
    expect(screen.getByTestId('error-subtitleColor')).toHaveTextContent(
      'Must be a valid hex color (e.g. #f9fafb)',
    );
    expect(patches).toHaveLength(0);
  });

  it('saves, toasts "Settings updated" and puts the saved settings in the cache', async () => {
    const patches = server((body) => jsonResponse({ ...DEFAULT_SITE_SETTINGS, ...body }));
    const { events, client } = renderPage();
    const background = await screen.findByLabelText('Hero Background Color');
    await replaceText(events, background, '#0f172a');
    await events.click(screen.getByRole('switch', { name: 'Hero Image Position' }));
    await events.click(screen.getByRole('switch', { name: 'Authors may use the AI translator' }));
    await events.click(
      screen.getByRole('switch', { name: 'Require two-factor sign-in for administrators' }),
    );
    await events.click(screen.getByRole('button', { name: 'fake upload' }));
    expect(screen.getByLabelText('Hero Image')).toHaveValue('/uploads/new-hero.png');
    await events.click(screen.getByRole('button', { name: 'Save Settings' }));

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Settings updated');
    expect(patches[0]).toEqual({
      siteTitle: 'PayTech Blog',
      siteDescription: DEFAULT_SITE_SETTINGS.siteDescription,
      imageOnRight: true,
      heroBackgroundColor: '#0f172a',
      titleColor: '#4f46e5',
      subtitleColor: '#f9fafb',
      heroImage: '/uploads/new-hero.png',
      heroImageWidth: '75%',
      heroImageHeight: 'auto',
      aiForAuthors: true,
      requireTwoFactorForAdmins: true,
      requireTwoFactorForAuthors: false,
      heroBadgeEn: '',
      heroBadgeCs: '',
      heroTitleEn: '',
      heroTitleCs: '',
      heroDescriptionEn: '',
      heroDescriptionCs: '',
    });
    await waitFor(() =>
      expect(client.getQueryData<SiteSettings>(siteSettingsQueryKey)?.heroBackgroundColor).toBe(
        '#0f172a',
      ),
    );
  });

  it('reports a failed save with the server message and its field messages', async () => {
    server(() =>
      jsonResponse(
        {
          message: 'Description must be at least 10 characters',
          fields: { siteDescription: 'Description must be at least 10 characters' },
        },
        400,
      ),
    );
    const { events } = renderPage();
    await screen.findByLabelText('Site Title');
    await events.click(screen.getByRole('button', { name: 'Save Settings' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Failed to update settings');
    expect(toast).toHaveTextContent('Description must be at least 10 characters');
    expect(screen.getByTestId('error-siteDescription')).toBeInTheDocument();
  });

  it('says when the settings cannot be fetched', async () => {
    mockFetch(() => jsonResponse({ message: 'Service unavailable' }, 503));
    renderPage();
    const error = await screen.findByTestId('settings-error');
    expect(error).toHaveTextContent('Failed to fetch site settings');
    expect(error).toHaveTextContent('Service unavailable');
  });
});
