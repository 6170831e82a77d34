// URL slugs made from titles: 'Platební karty v roce 2025' → 'platebni-karty-v-roce-2025'.

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
