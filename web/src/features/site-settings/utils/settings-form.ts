// The Site Settings form: its values, the spec's checks (§5) and the PATCH body.
import type { SettingsTexts } from '@/lib/i18n/settings-texts';
import type { SiteSettings } from '@/types/api';

/** The hero per interface language: optional, '' falls back (to the other language, then the site texts). */
export const HERO_TEXT_FIELDS = [
  'heroBadgeEn',
  'heroBadgeCs',
  'heroTitleEn',
  'heroTitleCs',
  'heroDescriptionEn',
  'heroDescriptionCs',
] as const;

export type HeroTextField = (typeof HERO_TEXT_FIELDS)[number];

/** The longest each hero text may be (the server checks the same). */
export const HERO_TEXT_MAX: Record<HeroTextField, number> = {
  heroBadgeEn: 60,
  heroBadgeCs: 60,
  heroTitleEn: 100,
  heroTitleCs: 100,
  heroDescriptionEn: 500,
  heroDescriptionCs: 500,
};

export type SettingsValues = Record<HeroTextField, string> &
  Pick<
    SiteSettings,
    | 'siteTitle'
    | 'siteDescription'
    | 'imageOnRight'
    | 'heroBackgroundColor'
    | 'titleColor'
    | 'subtitleColor'
    | 'heroImage'
    | 'heroImageWidth'
    | 'heroImageHeight'
    | 'aiForAuthors'
    | 'requireTwoFactorForAdmins'
    | 'requireTwoFactorForAuthors'
  >;

export type SettingsField = keyof SettingsValues;

export type SettingsErrors = Partial<Record<SettingsField, string>>;

export const SETTINGS_FIELDS: readonly SettingsField[] = [
  'siteTitle',
  'siteDescription',
  'imageOnRight',
  'heroBackgroundColor',
  'titleColor',
  'subtitleColor',
  'heroImage',
  'heroImageWidth',
  'heroImageHeight',
  'aiForAuthors',
  'requireTwoFactorForAdmins',
  'requireTwoFactorForAuthors',
  ...HERO_TEXT_FIELDS,
];

export const COLOR_FIELDS = ['heroBackgroundColor', 'titleColor', 'subtitleColor'] as const;

export type ColorField = (typeof COLOR_FIELDS)[number];

export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export const SITE_TITLE_LENGTH = { min: 2, max: 100 } as const;
export const SITE_DESCRIPTION_LENGTH = { min: 10, max: 500 } as const;

export function settingsValuesOf(settings: SiteSettings): SettingsValues {
  return {
    siteTitle: settings.siteTitle,
    siteDescription: settings.siteDescription,
    imageOnRight: settings.imageOnRight,
    heroBackgroundColor: settings.heroBackgroundColor,
    titleColor: settings.titleColor,
    subtitleColor: settings.subtitleColor,
    heroImage: settings.heroImage,
    heroImageWidth: settings.heroImageWidth,
    heroImageHeight: settings.heroImageHeight,
    aiForAuthors: settings.aiForAuthors === true,
    requireTwoFactorForAdmins: settings.requireTwoFactorForAdmins === true,
    requireTwoFactorForAuthors: settings.requireTwoFactorForAuthors === true,
    heroBadgeEn: settings.heroBadgeEn ?? '',
    heroBadgeCs: settings.heroBadgeCs ?? '',
    heroTitleEn: settings.heroTitleEn ?? '',
    heroTitleCs: settings.heroTitleCs ?? '',
    heroDescriptionEn: settings.heroDescriptionEn ?? '',
    heroDescriptionCs: settings.heroDescriptionCs ?? '',
  };
}

/** The values as sent: text trimmed. */
export function toSettingsPayload(values: SettingsValues): SettingsValues {
  return {
    ...values,
    siteTitle: values.siteTitle.trim(),
    siteDescription: values.siteDescription.trim(),
    heroBackgroundColor: values.heroBackgroundColor.trim(),
    titleColor: values.titleColor.trim(),
    subtitleColor: values.subtitleColor.trim(),
    heroImage: values.heroImage.trim(),
    heroImageWidth: values.heroImageWidth.trim(),
    heroImageHeight: values.heroImageHeight.trim(),
    heroBadgeEn: values.heroBadgeEn.trim(),
    heroBadgeCs: values.heroBadgeCs.trim(),
    heroTitleEn: values.heroTitleEn.trim(),
    heroTitleCs: values.heroTitleCs.trim(),
    heroDescriptionEn: values.heroDescriptionEn.trim(),
    heroDescriptionCs: values.heroDescriptionCs.trim(),
  };
}

export function validateSettings(values: SettingsValues, texts: SettingsTexts): SettingsErrors {
  const v = texts.validation;
  const payload = toSettingsPayload(values);
  const errors: SettingsErrors = {};

  if (payload.siteTitle.length < SITE_TITLE_LENGTH.min) errors.siteTitle = v.titleMin;
  else if (payload.siteTitle.length > SITE_TITLE_LENGTH.max) errors.siteTitle = v.titleMax;

  if (payload.siteDescription.length < SITE_DESCRIPTION_LENGTH.min) {
    errors.siteDescription = v.descriptionMin;
  } else if (payload.siteDescription.length > SITE_DESCRIPTION_LENGTH.max) {
    errors.siteDescription = v.descriptionMax;
  }

  for (const field of COLOR_FIELDS) {
    if (!HEX_COLOR.test(payload[field])) errors[field] = v[field];
  }

  if (payload.heroImageWidth.length < 1) errors.heroImageWidth = v.widthRequired;
  for (const field of HERO_TEXT_FIELDS) {
    if (Array.from(payload[field]).length <= HERO_TEXT_MAX[field]) continue;
    if (field.startsWith('heroBadge')) errors[field] = v.badgeMax;
    else if (field.startsWith('heroTitle')) errors[field] = v.titleMax;
    else errors[field] = v.descriptionMax;
  }
  return errors;
}

function knownMessages(texts: SettingsTexts): Record<string, string> {
  const v = texts.validation;
  return {
    'Title must be at least 2 characters': v.titleMin,
    'Title must be at most 100 characters': v.titleMax,
    'Description must be at least 10 characters': v.descriptionMin,
    'Description must be at most 500 characters': v.descriptionMax,
    'Badge must be at most 60 characters': v.badgeMax,
    'Title contains characters that are not allowed': v.titleNotAllowed,
    'Description contains characters that are not allowed': v.descriptionNotAllowed,
    'Badge contains characters that are not allowed': v.badgeNotAllowed,
    'Hero image contains characters that are not allowed': v.heroImageNotAllowed,
    'Must be a valid hex color (e.g. #1e293b)': v.heroBackgroundColor,
    'Must be a valid hex color (e.g. #4f46e5)': v.titleColor,
    'Must be a valid hex color (e.g. #f9fafb)': v.subtitleColor,
    'You do not have permission to access this page.': texts.adminOnly,
  };
}

/** A server message in the interface language when the app knows it, else unchanged. */
export function translateSettingsMessage(message: string, texts: SettingsTexts): string {
  return knownMessages(texts)[message] ?? message;
}
