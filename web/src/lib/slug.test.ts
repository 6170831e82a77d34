import { describe, expect, it } from 'vitest';

import { slugify } from './slug';

describe('slugify', () => {
  it('strips Czech diacritics and joins words with hyphens', () => {
    expect(slugify('Platební karty v roce 2025')).toBe('platebni-karty-v-roce-2025');
    expect(slugify('Žluťoučký kůň úpěl ďábelské ódy')).toBe('zlutoucky-kun-upel-dabelske-ody');
  });

  it('lowercases and turns runs of other characters into one hyphen, trimmed', () => {
    expect(slugify('  Open Banking: What’s Next?!  ')).toBe('open-banking-what-s-next');
    expect(slugify('PSD2 -- & -- SCA')).toBe('psd2-sca');
    expect(slugify('Crème brûlée façade naïve')).toBe('creme-brulee-facade-naive');
  });

  it('gives an empty slug when nothing is left', () => {
    expect(slugify('')).toBe('');
    expect(slugify('?!  —')).toBe('');
  });
});
