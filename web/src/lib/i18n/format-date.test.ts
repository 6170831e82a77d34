import { describe, expect, it } from 'vitest';

import { formatDate } from './format-date';

describe('formatDate', () => {
  it('formats English dates as MMMM d, yyyy', () => {
    expect(formatDate(new Date(2024, 2, 5), 'en')).toBe('March 5, 2024');
    expect(formatDate(new Date(2023, 11, 31), 'en')).toBe('December 31, 2023');
  });

  it('formats Czech dates with the genitive month', () => {
    expect(formatDate(new Date(2024, 2, 5), 'cs')).toBe('5. března 2024');
    expect(formatDate(new Date(2024, 0, 1), 'cs')).toBe('1. ledna 2024');
  });

  it('accepts ISO strings and returns empty text for garbage', () => {
    expect(formatDate('2024-03-05T10:00:00', 'en')).toBe('March 5, 2024');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
