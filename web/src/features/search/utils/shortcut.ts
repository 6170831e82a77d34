// When a key press opens the search panel: `/` or Ctrl/⌘-K, never while the reader types.
// Kept apart from the panel's own keys, since it loads with every page.

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** True while the reader types somewhere: an input, a text area, a select or an editor. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  // isContentEditable also covers an editor's inner elements; the selector does where it is missing.
  if (target.isContentEditable || target.closest('[contenteditable=""], [contenteditable="true"]'))
    return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** `/` or Ctrl/⌘-K, unless the reader is typing somewhere. */
export function isOpenShortcut(event: KeyLike): boolean {
  if (isTypingTarget(event.target) || event.altKey) return false;
  if (event.key === '/') return !event.ctrlKey && !event.metaKey;
  return (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
}
