// Counts the app's own navigations (issue 26): the server counts the pages it renders, and the
// app tells it of every later page with a beacon. Nothing is kept in the browser, no cookie is set.

interface RouterLike {
  state: { location: { pathname: string }; navigation: { state: string } };
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

/** The path to count for a settled navigation from `last`, or null (no new page). */
export function nextViewPath(last: string, state: RouterLike['state']): string | null {
  if (state.navigation.state !== 'idle') return null;
  const path = state.location.pathname;
  return path === last ? null : path;
}

/** Sends `POST /api/views {path}`; the server decides whether it counts (answers 204 either way). */
export function sendView(path: string): void {
  const body = JSON.stringify({ path });
  try {
    // Older or embedded browsers may lack it: the fetch below stands in.
    if (
      'sendBeacon' in navigator &&
      navigator.sendBeacon('/api/views', new Blob([body], { type: 'application/json' }))
    )
      return;
  } catch {
    // A browser that refuses a JSON beacon sends it as a kept-alive request instead.
  }
  void fetch('/api/views', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => undefined);
}

/** Sends a view for every page the router settles on after the first (the server counted that). */
export function watchNavigations(router: RouterLike): () => void {
  let last = router.state.location.pathname;
  return router.subscribe((state) => {
    const path = nextViewPath(last, state);
    if (path === null) return;
    last = path;
    sendView(path);
  });
}
