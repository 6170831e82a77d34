import { describe, expect, it } from 'vitest';

import { DEFAULT_SITE_SETTINGS } from './defaults';
import { heroTextsFor } from './hero-texts';

describe('the hero per language', () => {
  it('shows the site title and description and the app’s badge when nothing is set', () => {
    expect(heroTextsFor(DEFAULT_SITE_SETTINGS, 'cs', 'Odborný blog')).toEqual({
      badge: 'Odborný blog',
      title: DEFAULT_SITE_SETTINGS.siteTitle,
      description: DEFAULT_SITE_SETTINGS.siteDescription,
    });
  });

  it('shows each language its own texts, falling back to the other language', () => {
    const settings = {
      ...DEFAULT_SITE_SETTINGS,
      heroBadgeEn: 'Payments weekly',
      heroTitleCs: 'Blog o platbách',
      heroDescriptionEn: 'Insights on payments.',
      heroDescriptionCs: '  ',
    };
    expect(heroTextsFor(settings, 'cs', 'x')).toEqual({
      badge: 'Payments weekly',
      title: 'Blog o platbách',
      description: 'Insights on payments.',
    });
    expect(heroTextsFor(settings, 'en', 'x').title).toBe('Blog o platbách');
  });
});
