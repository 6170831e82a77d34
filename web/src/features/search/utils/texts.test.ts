import { describe, expect, it } from 'vitest';

import { searchTexts } from './texts';

// Both languages' key sets are checked with every texts module's, in @/lib/i18n/texts-modules.test.ts.
describe('search texts', () => {
  it('offer the hidden hits in the words of the issue', () => {
    expect(searchTexts.en.hidden.other).toBe('{count} results in Czech posts — show them');
  });
});
