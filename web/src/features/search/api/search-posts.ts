// GET /api/search?q=&language=&category=&limit=&cursor=: ranked hits with highlighted snippets, the
// total, a spelling suggestion, facets, how many hits the content filter hid, and the next page's
// opaque cursor (nextCursor, as every list of the API pages). Fields a server
// does not send yet read as absent; a plain array answer (the spec's "list of posts") is read as hits.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { ContentLanguage } from '@/lib/i18n';
import type { SearchHit, SearchResponse } from '@/types/api';

export const SEARCH_PAGE_SIZE = 12;

export interface SearchPage extends Omit<SearchResponse, 'facets'> {
  /** The answer's facets as sent; readFacets (utils/facets.ts) keeps the well-formed ones. */
  facets?: Record<string, unknown>;
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: string | null;
  /** False when the server sent a bare array, which has no paging. */
  pageable: boolean;
}

export interface SearchRequest {
  query: string;
  language: ContentLanguage;
  /** The page after the one that handed out this cursor; absent or null for the first page. */
  cursor?: string | null;
  /** Narrows to one category; blank or absent searches them all. */
  category?: string;
  limit?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function hitsOf(value: unknown): SearchHit[] {
  return Array.isArray(value)
    ? value.filter(isRecord).map((hit) => hit as unknown as SearchHit)
    : [];
}

/** Reads either answer shape; anything else is an empty result. */
export function normalizeSearchResponse(data: unknown): SearchPage {
  if (Array.isArray(data)) {
    const results = hitsOf(data);
    return { results, total: results.length, suggestion: '', nextCursor: null, pageable: false };
  }
  if (!isRecord(data))
    return { results: [], total: 0, suggestion: '', nextCursor: null, pageable: false };
  const results = hitsOf(data.results);
  const total =
    typeof data.total === 'number' && Number.isFinite(data.total)
      ? Math.max(data.total, results.length)
      : results.length;
  const suggestion = typeof data.suggestion === 'string' ? data.suggestion.trim() : '';
  const nextCursor =
    typeof data.nextCursor === 'string' && data.nextCursor !== '' ? data.nextCursor : null;
  const page: SearchPage = { results, total, suggestion, nextCursor, pageable: true };
  // Checked entry by entry where they are shown (utils/facets.ts), outside the first-visit code.
  if (isRecord(data.facets)) page.facets = data.facets;
  if (isCount(data.hiddenByLanguage)) page.hiddenByLanguage = Math.floor(data.hiddenByLanguage);
  return page;
}

/** Rejects with ApiError when the server answers an error status, and AbortError when aborted. */
export async function searchPosts(
  request: SearchRequest,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const category = request.category?.trim();
  const data = await api.get<unknown>('/api/search', {
    params: {
      q: request.query,
      language: request.language,
      ...(category ? { category } : {}),
      limit: request.limit ?? SEARCH_PAGE_SIZE,
      ...(request.cursor ? { cursor: request.cursor } : {}),
    },
    ...(signal ? { signal } : {}),
  });
  return normalizeSearchResponse(data);
}

/** The cursor of the page after `last`, or undefined when every hit is loaded. */
export function nextSearchCursor(last: SearchPage): string | undefined {
  return last.pageable && last.results.length > 0 ? (last.nextCursor ?? undefined) : undefined;
}

export const searchQueryKey = (query: string, language: ContentLanguage, category = '') =>
  ['search', query, language, category] as const;

export const getSearchQueryOptions = (query: string, language: ContentLanguage, category = '') =>
  infiniteQueryOptions({
    queryKey: searchQueryKey(query, language, category),
    queryFn: ({ pageParam, signal }) =>
      searchPosts({ query, language, category, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextSearchCursor,
  });

/** Runs only for a non-empty trimmed query (spec §2, Search results). */
export const useSearchPosts = (query: string, language: ContentLanguage, category = '') => {
  const trimmed = query.trim();
  return useInfiniteQuery({
    ...getSearchQueryOptions(trimmed, language, category.trim()),
    enabled: trimmed !== '',
  });
};
