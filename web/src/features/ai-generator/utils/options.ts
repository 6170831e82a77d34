// The generator's quick options (spec §9): content types, topics, lengths and languages, with
// the English words the prompt uses for each; the interface names live in the dictionaries.

export const CONTENT_TYPES = ['full', 'outline', 'introduction'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const TOPICS = [
  'digital-payments',
  'mobile-wallets',
  'cryptocurrency',
  'blockchain',
  'fintech-trends',
  'payment-security',
  'open-banking',
  'regulatory-compliance',
  'payment-innovation',
  'cross-border-payments',
] as const;
export type Topic = (typeof TOPICS)[number];

export const LENGTHS = ['short', 'medium', 'long'] as const;
export type Length = (typeof LENGTHS)[number];

/** The languages the server accepts, by the codes it accepts ('cs' or 'Czech' both work). */
export const AI_LANGUAGES = ['en', 'cs', 'es', 'fr', 'de'] as const;
export type AiLanguage = (typeof AI_LANGUAGES)[number];

export interface QuickOptions {
  contentType: ContentType;
  topic: Topic;
  length: Length;
  language: AiLanguage;
}

export const DEFAULT_QUICK_OPTIONS: QuickOptions = {
  contentType: 'full',
  topic: 'digital-payments',
  length: 'medium',
  language: 'en',
};

export const TOPIC_NAMES: Record<Topic, string> = {
  'digital-payments': 'digital payments',
  'mobile-wallets': 'mobile wallets',
  cryptocurrency: 'cryptocurrency',
  blockchain: 'blockchain',
  'fintech-trends': 'fintech trends',
  'payment-security': 'payment security',
  'open-banking': 'open banking',
  'regulatory-compliance': 'regulatory compliance',
  'payment-innovation': 'payment innovation',
  'cross-border-payments': 'cross-border payments',
};

export const WORD_RANGES: Record<Length, { min: number; max: number }> = {
  short: { min: 300, max: 500 },
  medium: { min: 500, max: 800 },
  long: { min: 800, max: 1200 },
};

export const LANGUAGE_NAMES: Record<AiLanguage, string> = {
  en: 'English',
  cs: 'Czech',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
};

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** Narrows a Select's string value; an unknown value keeps the current choice. */
export function pickOption<T extends string>(values: readonly T[], value: string, current: T): T {
  return isOneOf(values, value) ? value : current;
}
