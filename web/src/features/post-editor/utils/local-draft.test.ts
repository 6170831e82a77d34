import { afterEach, describe, expect, it } from 'vitest';

import {
  clearLocalDraft,
  localDraftKey,
  readLocalDraft,
  sameValues,
  writeLocalDraft,
} from './local-draft';
import { EMPTY_POST_VALUES } from './post-form';

afterEach(() => window.localStorage.clear());

describe('the editor’s local copy', () => {
  it('is kept per post, and one for a new post', () => {
    expect(localDraftKey()).toBe('blog.editor-draft.new');
    expect(localDraftKey(42)).toBe('blog.editor-draft.42');
  });

  it('comes back as it was written, with when it was written', () => {
    const values = { ...EMPTY_POST_VALUES, title: 'Instant payments', content: '<p>Draft</p>' };
    writeLocalDraft(localDraftKey(7), values, 1234);
    expect(readLocalDraft(localDraftKey(7))).toEqual({ values, savedAt: 1234 });
    expect(readLocalDraft(localDraftKey(8))).toBeNull();
    clearLocalDraft(localDraftKey(7));
    expect(readLocalDraft(localDraftKey(7))).toBeNull();
  });

  it('ignores what is not one of its copies and fills missing fields', () => {
    window.localStorage.setItem('blog.editor-draft.new', 'not json');
    expect(readLocalDraft('blog.editor-draft.new')).toBeNull();
    window.localStorage.setItem(
      'blog.editor-draft.new',
      JSON.stringify({ values: { title: 'Only a title', published: 'yes' }, savedAt: 5 }),
    );
    expect(readLocalDraft('blog.editor-draft.new')).toEqual({
      values: { ...EMPTY_POST_VALUES, title: 'Only a title' },
      savedAt: 5,
    });
  });

  it('tells equal values from changed ones', () => {
    expect(sameValues(EMPTY_POST_VALUES, { ...EMPTY_POST_VALUES })).toBe(true);
    expect(sameValues(EMPTY_POST_VALUES, { ...EMPTY_POST_VALUES, excerpt: 'x' })).toBe(false);
  });
});
