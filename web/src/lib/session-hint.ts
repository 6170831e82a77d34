// Whether the page came with a session cookie, as the server says in <meta name="blog-session">.
// The cookie is HttpOnly, so only the server can tell; without a session the app does not ask
// for the user (whose 401 every browser logs as an error) until it signs someone in itself.

type Hint = 'present' | 'absent' | 'unknown';

function readHint(): Hint {
  if (typeof document === 'undefined') return 'unknown';
  const content = document
    .querySelector<HTMLMetaElement>('meta[name="blog-session"]')
    ?.getAttribute('content');
  return content === 'present' || content === 'absent' ? content : 'unknown';
}

let hint: Hint = readHint();

/** False only when the server said that no session cookie came with this page. */
export function mayHaveSession(): boolean {
  return hint !== 'absent';
}

/** Called when the app itself signs in: from now on the session is asked for. */
export function sessionStarted(): void {
  hint = 'present';
}

/** Reads the page's hint again (tests change the document). */
export function resetSessionHint(): void {
  hint = readHint();
}
