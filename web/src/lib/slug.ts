// URL slugs from titles ('Platební karty' → 'platebni-karty'), also the key for folded comparisons.

/**
 * Lower case, diacritics stripped (NFD, then the combining marks dropped), every run of other
 * characters than a-z and 0-9 turned into one hyphen, no hyphen at either end.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
