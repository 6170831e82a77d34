import { describe, expect, it } from 'vitest';

import { countCategories } from './count-categories';

describe('countCategories', () => {
  it('counts each category, most used first and ties by name', () => {
    const posts = ['Fintech', 'Regulations', 'Fintech', 'Cybersecurity', ' ', 'Regulations'].map(
      (category) => ({ category }),
    );
    expect(countCategories(posts)).toEqual([
      { name: 'Fintech', count: 2 },
      { name: 'Regulations', count: 2 },
      { name: 'Cybersecurity', count: 1 },
    ]);
    expect(countCategories([])).toEqual([]);
  });
});
