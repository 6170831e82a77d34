// Cursor paging of card lists: blogd sends a page as a JSON array and the next page's cursor in
// the X-Next-Cursor header (absent on the last page).
import { api } from './api-client';

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

interface CursorPageRequest {
  params: Record<string, string | number | undefined>;
  cursor: string | null;
  signal?: AbortSignal;
}

/** GETs one page; rejects with ApiError on an error status. A non-array body counts as empty. */
export async function fetchCursorPage<T>(
  path: string,
  { params, cursor, signal }: CursorPageRequest,
): Promise<CursorPage<T>> {
  const { data, headers } = await api.getWithHeaders<unknown>(path, {
    params: { ...params, cursor: cursor ?? undefined },
    ...(signal ? { signal } : {}),
  });
  const nextCursor = headers.get(NEXT_CURSOR_HEADER);
  return {
    items: Array.isArray(data) ? (data as T[]) : [],
    nextCursor: nextCursor === null || nextCursor === '' ? null : nextCursor,
  };
}

/** For useInfiniteQuery: the cursor of the page after `last`, or undefined when there is none. */
export function nextCursorOf<T>(last: CursorPage<T>): string | undefined {
  return last.nextCursor ?? undefined;
}

/** All items of the loaded pages, in order. */
export function flattenPages<T>(pages: readonly CursorPage<T>[] | undefined): T[] {
  return pages?.flatMap((page) => page.items) ?? [];
}
