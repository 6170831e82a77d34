import { describe, expect, it } from 'vitest';

import { categoriesQueryKey } from '@/features/categories/api/get-categories';
import { CATEGORIES_KEY } from '@/features/category-create/api/create-category';
import { postQueryKey } from '@/features/posts/api/get-post';
import { postsQueryKey } from '@/features/posts/api/get-posts';
import { myPostsQueryKey } from '@/features/my-posts/api/get-my-posts';
import { editorCategoriesQueryKey } from '@/features/post-editor/api/get-editor-categories';
import { editablePostQueryKey } from '@/features/post-editor/api/get-post-for-edit';
import { searchQueryKey } from '@/features/search/api/search-posts';
import { MY_POSTS_KEY, POSTS_KEY, SEARCH_KEY } from '@/lib/post-cache';

// Features may not import each other, so the writing features name the reading features' cache
// keys themselves; these checks keep the two in step.
describe('shared query keys', () => {
  it('refresh the reading pages after a post changes', () => {
    expect(POSTS_KEY).toEqual(postsQueryKey);
    expect(searchQueryKey('q', 'en').slice(0, SEARCH_KEY.length)).toEqual([...SEARCH_KEY]);
  });

  it('let the editor share the post page cache entry', () => {
    expect(editablePostQueryKey('a-slug')).toEqual(postQueryKey('a-slug'));
  });

  it('refresh the category list after a category is created', () => {
    expect(CATEGORIES_KEY).toEqual(categoriesQueryKey);
  });

  it('let the editor offer the categories created in the sidebar', () => {
    expect(editorCategoriesQueryKey).toEqual(categoriesQueryKey);
  });

  it('refresh My posts after a post changes', () => {
    expect(myPostsQueryKey).toEqual(MY_POSTS_KEY);
  });
});
