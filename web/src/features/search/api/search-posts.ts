// GET /api/search?q=&language=&limit=&offset=: ranked hits with highlighted snippets, the total
// and a spelling suggestion. A plain array answer (the spec's "list of posts") is read as hits.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { ContentLanguage } from '@/lib/i18n';
import type { SearchHit, SearchResponse } from '@/types/api';

export const SEARCH_PAGE_SIZE = 12;

export interface SearchPage extends SearchResponse {
  /** Offset of this page's first hit. */
  offset: number;
  /** False when the server sent a bare array, which has no paging. */
  pageable: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hitsOf(value: unknown): SearchHit[] {
  return Array.isArray(value)
    ? value.filter(isRecord).map((hit) => hit as unknown as SearchHit)
    : [];
}

/** Reads either answer shape; anything else is an empty result. */
export function normalizeSearchResponse(data: unknown, offset = 0): SearchPage {
  if (Array.isArray(data)) {
    const results = hitsOf(data);
    return { results, total: offset + results.length, suggestion: '', offset, pageable: false };
  }
  if (!isRecord(data)) return { results: [], total: 0, suggestion: '', offset, pageable: false };
  const results = hitsOf(data.results);
  const total =
    typeof data.total === 'number' && Number.isFinite(data.total)
      ? Math.max(data.total, offset + results.length)
      : offset + results.length;
  const suggestion = typeof data.suggestion === 'string' ? data.suggestion.trim() : '';
  return { results, total, suggestion, offset, pageable: true };
}

/** Rejects with ApiError when the server answers an error status. */
export async function searchPosts(
  query: string,
  language: ContentLanguage,
  offset: number,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const data = await api.get<unknown>('/api/search', {
    params: { q: query, language, limit: SEARCH_PAGE_SIZE, offset },
    ...(signal ? { signal } : {}),
  });
  return normalizeSearchResponse(data, offset);
}

/** The offset of the page after `last`, or undefined when every hit is loaded. */
export function nextSearchOffset(last: SearchPage): number | undefined {
  const next = last.offset + last.results.length;
  return last.pageable && last.results.length > 0 && next < last.total ? next : undefined;
}

export const searchQueryKey = (query: string, language: ContentLanguage) =>
  ['search', query, language] as const;

export const getSearchQueryOptions = (query: string, language: ContentLanguage) =>
  infiniteQueryOptions({
    queryKey: searchQueryKey(query, language),
    queryFn: ({ pageParam, signal }) => searchPosts(query, language, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextSearchOffset,
  });

/** Runs only for a non-empty trimmed query (spec §2, Search results). */
export const useSearchPosts = (query: string, language: ContentLanguage) => {
  const trimmed = query.trim();
  return useInfiniteQuery({
    ...getSearchQueryOptions(trimmed, language),
    enabled: trimmed !== '',
  });
};
