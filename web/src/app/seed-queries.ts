// Seeds the query cache from the page the server rendered: React's first render then shows the
// same content, with no request and no skeleton in between.
import type { QueryClient } from '@tanstack/react-query';

import { userQueryKey } from '@/features/auth/api/get-user';
import { categoriesQueryKey } from '@/features/categories/api/get-categories';
import { categoryPostsQueryKey } from '@/features/categories/api/get-category-posts';
import { postQueryKey } from '@/features/posts/api/get-post';
import { popularPostsQueryKey } from '@/features/posts/api/get-popular-posts';
import { postListQueryKey } from '@/features/posts/api/get-posts';
import { RELATED_POSTS_LIMIT, relatedPostsQueryKey } from '@/features/posts/api/get-related-posts';
import { normalizeSearchResponse, searchQueryKey } from '@/features/search/api/search-posts';
import { siteSettingsQueryKey } from '@/features/site-settings/api/get-site-settings';
import type { ContentLanguage } from '@/lib/i18n';
import { readPageData, type PageData } from '@/lib/page-data';
import { mayHaveSession } from '@/lib/session-hint';
import type { CursorPage } from '@/lib/paging';
import { useLanguageStore } from '@/stores/language-store';
import type { Post, PostSummary, SiteSettings } from '@/types/api';

/** The server's copy counts as fresh this long; after that the usual rules apply. */
const SEEDED_FRESH_MS = 60_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPost(value: unknown): value is Post {
  return isRecord(value) && typeof value.slug === 'string' && typeof value.contentHtml === 'string';
}

function isSiteSettings(value: unknown): value is SiteSettings {
  return isRecord(value) && typeof value.siteTitle === 'string';
}

function isNameList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((name) => typeof name === 'string');
}

interface SeededPostsPage extends CursorPage<PostSummary> {
  language: ContentLanguage;
}

function isPostsPage(value: unknown): value is SeededPostsPage {
  return (
    isRecord(value) &&
    (value.language === 'en' || value.language === 'cs') &&
    Array.isArray(value.items) &&
    (value.nextCursor === null || typeof value.nextCursor === 'string')
  );
}

function isCategoryPage(value: unknown): value is SeededPostsPage & { category: string } {
  return isPostsPage(value) && typeof (value as { category?: unknown }).category === 'string';
}

interface SeededSearch {
  language: ContentLanguage;
  /** The category the answer is narrowed to ('' or absent for all). */
  category?: string;
  answer: { query: string };
}

function isSearch(value: unknown): value is SeededSearch {
  return (
    isRecord(value) &&
    (value.language === 'en' || value.language === 'cs') &&
    isRecord(value.answer) &&
    typeof value.answer.query === 'string'
  );
}

function seed(client: QueryClient, key: readonly unknown[], data: unknown): void {
  client.setQueryDefaults(key, { staleTime: SEEDED_FRESH_MS });
  client.setQueryData(key, data);
}

export function seedQueries(
  client: QueryClient,
  data: PageData = readPageData(),
  contentLanguage: ContentLanguage = useLanguageStore.getState().contentLanguage,
  sessionPossible: boolean = mayHaveSession(),
): void {
  // No session cookie came with the page: nobody is signed in, and the header shows 'Sign In'
  // from the first render, as the server drew it.
  if (!sessionPossible) client.setQueryData(userQueryKey, null);
  if (isPost(data.post)) {
    seed(client, postQueryKey(data.post.slug), data.post);
    // The posts like it, shown under the article; absent when the server could not tell.
    if (Array.isArray(data.related))
      seed(
        client,
        relatedPostsQueryKey(data.post.slug),
        data.related.slice(0, RELATED_POSTS_LIMIT),
      );
  }
  if (isSiteSettings(data.siteSettings)) seed(client, siteSettingsQueryKey, data.siteSettings);
  if (isNameList(data.categories)) seed(client, categoriesQueryKey, data.categories);
  // The server lists English posts; a reader who chose Czech + English gets theirs from the API.
  if (isPostsPage(data.posts) && data.posts.language === contentLanguage) {
    const { items, nextCursor } = data.posts;
    seed(client, postListQueryKey(contentLanguage), {
      pages: [{ items, nextCursor }],
      pageParams: [null],
    });
  }
  // 'Popular this week' as the server drew it beside the home page's posts.
  if (
    isRecord(data.popular) &&
    data.popular.language === contentLanguage &&
    Array.isArray(data.popular.items)
  )
    seed(client, popularPostsQueryKey(contentLanguage), data.popular.items);
  if (isCategoryPage(data.categoryPosts) && data.categoryPosts.language === contentLanguage) {
    const { category, items, nextCursor } = data.categoryPosts;
    seed(client, categoryPostsQueryKey(category, contentLanguage), {
      pages: [{ items, nextCursor }],
      pageParams: [null],
    });
  }
  if (isSearch(data.search) && data.search.language === contentLanguage) {
    const category = typeof data.search.category === 'string' ? data.search.category : '';
    seed(client, searchQueryKey(data.search.answer.query, contentLanguage, category), {
      pages: [normalizeSearchResponse(data.search.answer)],
      pageParams: [null],
    });
  }
}
