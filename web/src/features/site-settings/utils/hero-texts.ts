// What the hero says in an interface language: that language's texts, else the other language's,
// else the site title and description (and the app's own badge). The server falls back the same
// way (domain::hero_title / hero_description).
import type { Language } from '@/lib/i18n';
import type { SiteSettings } from '@/types/api';

export interface HeroTexts {
  badge: string;
  title: string;
  description: string;
}

function firstSet(...candidates: (string | undefined)[]): string | undefined {
  return candidates.find((text) => text !== undefined && text.trim() !== '');
}

export function heroTextsFor(
  settings: SiteSettings,
  language: Language,
  defaultBadge: string,
): HeroTexts {
  const cs = language === 'cs';
  const [badgeOwn, badgeOther] = cs
    ? [settings.heroBadgeCs, settings.heroBadgeEn]
    : [settings.heroBadgeEn, settings.heroBadgeCs];
  const [titleOwn, titleOther] = cs
    ? [settings.heroTitleCs, settings.heroTitleEn]
    : [settings.heroTitleEn, settings.heroTitleCs];
  const [descriptionOwn, descriptionOther] = cs
    ? [settings.heroDescriptionCs, settings.heroDescriptionEn]
    : [settings.heroDescriptionEn, settings.heroDescriptionCs];
  return {
    badge: firstSet(badgeOwn, badgeOther) ?? defaultBadge,
    title: firstSet(titleOwn, titleOther) ?? settings.siteTitle,
    description: firstSet(descriptionOwn, descriptionOther) ?? settings.siteDescription,
  };
}
