import { describe, expect, it } from 'vitest';

import { cs } from '@/lib/i18n/cs';
import { en } from '@/lib/i18n/en';

describe('reading texts', () => {
  it('use the spec wording in English', () => {
    expect(en.posts.noArticles).toBe('No articles found');
    expect(en.posts.noArticlesHint).toBe(
      'Try changing your category selection or language preference',
    );
    expect(en.posts.fetchFailed).toBe('Failed to fetch posts');
    expect(en.posts.readMore).toBe('Read more →');
    expect(en.posts.editPost).toBe('Edit post');
    expect(en.posts.download).toMatchObject({
      successTitle: 'Image Downloaded',
      errorTitle: 'Download Error',
      errorDescription: 'Failed to download the image',
    });
    expect(en.posts.notFound).toEqual({
      title: 'Post Not Found',
      message: 'The post you are looking for could not be found or may have been removed.',
    });
    expect(en.categories.allPosts).toBe('All Posts');
    expect(en.categories.noPosts).toBe('No posts found');
    expect(en.categories.noPostsHint).toBe('There are no posts available in this category yet.');
    expect(en.search.error).toBe('Error searching: {error}');
    expect(en.search.errorHint).toBe('Please try a different search term');
    expect(en.search.noResults).toBe('No results found');
    expect(en.search.noResultsHint).toBe(
      'Try searching for different keywords or browse all posts',
    );
  });

  it('use the spec wording in Czech', () => {
    expect(cs.categories.allPosts).toBe('Všechny příspěvky');
    expect(cs.posts.download.errorTitle).toBe('Chyba při stahování');
    expect(cs.posts.download.errorDescription).toBe('Nepodařilo se stáhnout obrázek');
    expect(cs.posts.contentLanguage.changedTitle).toBe('Filtr jazyka změněn');
    expect(cs.posts.contentLanguage.showingCzechAndEnglish).toBe(
      'Zobrazují se anglické i české příspěvky',
    );
    expect(cs.common.backToAllPosts).toBe('Zpět na všechny příspěvky');
    expect(cs.common.category).toBe('Kategorie');
    expect(cs.common.backToHome).toBe('Zpět na domovskou stránku');
  });
});
