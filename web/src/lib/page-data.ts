// The data the server embedded in the page (<script type="application/json" id="page-data">), so
// that the app paints what the server painted without asking again.

export interface PageData {
  post?: unknown;
  /** A post page: the cards of the posts like it (GET /api/posts/{slug}/related). */
  related?: unknown;
  /** The home page: the hero's settings, the category names and the first page of posts. */
  siteSettings?: unknown;
  categories?: unknown;
  posts?: unknown;
  /** The home page: 'Popular this week' ({language, items}). */
  popular?: unknown;
  /** A category page: its first page of posts. */
  categoryPosts?: unknown;
  /** The search results page: the answer of GET /api/search for its query. */
  search?: unknown;
}

/** The page's embedded data; {} when there is none or it does not parse. */
export function readPageData(): PageData {
  const element = typeof document === 'undefined' ? null : document.getElementById('page-data');
  if (!element?.textContent) return {};
  try {
    const data: unknown = JSON.parse(element.textContent);
    return typeof data === 'object' && data !== null ? data : {};
  } catch {
    return {};
  }
}
