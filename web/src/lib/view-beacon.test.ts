import { describe, expect, it } from 'vitest';

import { nextViewPath } from './view-beacon';

const at = (pathname: string, navigation = 'idle') => ({
  location: { pathname },
  navigation: { state: navigation },
});

describe('the view beacon', () => {
  it('counts a settled navigation to another page once', () => {
    expect(nextViewPath('/', at('/post/a'))).toBe('/post/a');
    expect(nextViewPath('/post/a', at('/post/a'))).toBeNull();
  });

  it('waits until the navigation has settled', () => {
    expect(nextViewPath('/', at('/post/a', 'loading'))).toBeNull();
  });

  it('does not count a new query on the same page (typing in the search box)', () => {
    expect(nextViewPath('/search', at('/search'))).toBeNull();
  });
});
