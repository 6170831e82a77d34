import { describe, expect, it } from 'vitest';

import { cs } from '@/lib/i18n/cs';
import { en } from '@/lib/i18n/en';

import { resultCountText } from './result-count';

describe('resultCountText', () => {
  it('uses English singular and plural', () => {
    expect(resultCountText(en, 'en', 1)).toBe('1 result');
    expect(resultCountText(en, 'en', 7)).toBe('7 results');
  });

  it('uses the Czech forms for 1, 2-4 and 5+', () => {
    expect(resultCountText(cs, 'cs', 1)).toBe('1 výsledek');
    expect(resultCountText(cs, 'cs', 3)).toBe('3 výsledky');
    expect(resultCountText(cs, 'cs', 12)).toBe('12 výsledků');
  });
});
