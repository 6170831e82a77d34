// The data the server embedded in the page (<script type="application/json" id="page-data">), so
// that the app paints what the server painted without asking again.

export interface PageData {
  post?: unknown;
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
