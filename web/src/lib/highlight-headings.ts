// The h2 headings that open and close a post's highlighted boxes (spec §2), in English and Czech.
// The server keeps the same list in include/blog/render/highlight_headings.hpp.
import { slugify } from './slug';

export type HighlightRole = 'open' | 'close';
export type HeadingLanguage = 'en' | 'cs';

/** The openers in the spec's order, then the closer. */
export const HIGHLIGHT_HEADINGS = [
  { en: 'Key Points', cs: 'Klíčové body', role: 'open' },
  { en: 'Key Features', cs: 'Hlavní funkce', role: 'open' },
  { en: 'Benefits', cs: 'Výhody', role: 'open' },
  { en: 'Implementation', cs: 'Implementace', role: 'open' },
  { en: 'Conclusion', cs: 'Závěr', role: 'close' },
] as const satisfies readonly { en: string; cs: string; role: HighlightRole }[];

export type HighlightHeadingName = (typeof HIGHLIGHT_HEADINGS)[number]['en'];

const ROLES = new Map<string, HighlightRole>(
  HIGHLIGHT_HEADINGS.flatMap((h) => [
    [slugify(h.en), h.role],
    [slugify(h.cs), h.role],
  ]),
);

/**
 * What an h2 with this plain text does to the boxes, in either language; compared as slugs are
 * made (case, diacritics and punctuation ignored), so 'KLICOVE BODY' and 'Závěr:' count.
 */
export function highlightRoleOf(text: string): HighlightRole | null {
  return ROLES.get(slugify(text)) ?? null;
}

/** A heading by its English name, in a language: headingIn('Key Points', 'cs') is 'Klíčové body'. */
export function headingIn(name: HighlightHeadingName, language: HeadingLanguage): string {
  const heading = HIGHLIGHT_HEADINGS.find((h) => h.en === name);
  return heading ? heading[language] : name;
}
