// The editor's unsaved copy in localStorage, one per post (and one for a new post), so that a
// crash or a closed tab loses nothing. Storage may be missing or full: every call then does nothing.
import { EMPTY_POST_VALUES, type PostFormValues } from './post-form';

export interface LocalDraft {
  values: PostFormValues;
  /** When the copy was written (ms since the epoch). */
  savedAt: number;
}

const PREFIX = 'blog.editor-draft.';

/** The storage key for a post being edited, or for a new post when there is no id. */
export function localDraftKey(postId?: number): string {
  return PREFIX + (postId === undefined ? 'new' : String(postId));
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function writeLocalDraft(key: string, values: PostFormValues, now = Date.now()): void {
  try {
    storage()?.setItem(key, JSON.stringify({ values, savedAt: now }));
  } catch {
    // Full or refused: the server save still works, only the safety copy is missing.
  }
}

/** The stored copy, or null when there is none or it is not one of ours. */
export function readLocalDraft(key: string): LocalDraft | null {
  let parsed: unknown;
  try {
    const text = storage()?.getItem(key);
    if (!text) return null;
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { values, savedAt } = parsed as { values?: unknown; savedAt?: unknown };
  if (typeof values !== 'object' || values === null || typeof savedAt !== 'number') return null;
  const merged: Record<string, unknown> = { ...EMPTY_POST_VALUES };
  for (const [name, fallback] of Object.entries(EMPTY_POST_VALUES)) {
    const value = (values as Record<string, unknown>)[name];
    if (typeof value === typeof fallback) merged[name] = value;
  }
  return { values: merged as unknown as PostFormValues, savedAt };
}

export function clearLocalDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do: a copy that cannot be removed is offered again and can be discarded then.
  }
}

/** True when the two sets of values say the same: a copy equal to the saved post is no offer. */
export function sameValues(a: PostFormValues, b: PostFormValues): boolean {
  return (Object.keys(EMPTY_POST_VALUES) as (keyof PostFormValues)[]).every(
    (name) => a[name] === b[name],
  );
}
