// Search as the reader types: each keystroke aborts the request in flight and restarts a short
// wait; only a query left alone for DEBOUNCE_MS is sent. The last answer stays on screen while
// the next one loads, so the list does not flicker.
import { useEffect, useRef, useState } from 'react';

import type { ContentLanguage } from '@/lib/i18n';

import { searchPosts, type SearchPage, type SearchRequest } from '../api/search-posts';

export const DEBOUNCE_MS = 150;
/** Hits the panel shows; the search page has the rest. */
export const PANEL_LIMIT = 6;

export type InstantSearchStatus = 'idle' | 'typing' | 'loading' | 'success' | 'error';

export interface InstantSearchState {
  status: InstantSearchStatus;
  /** The trimmed query the state belongs to ('' when idle). */
  query: string;
  /** The latest answer, kept while the next query is typed or loads. */
  page?: SearchPage;
  error?: unknown;
}

export type SearchFn = (request: SearchRequest, signal: AbortSignal) => Promise<SearchPage>;

export const IDLE: InstantSearchState = { status: 'idle', query: '' };

/** The debounce and abort rules without React, so they can be tested with fake timers. */
export class InstantSearch {
  private state: InstantSearchState = IDLE;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: AbortController | undefined;
  private lastKey = '';

  constructor(
    private readonly search: SearchFn,
    private readonly onChange: (state: InstantSearchState) => void,
    private readonly delayMs = DEBOUNCE_MS,
  ) {}

  /** Called on every change of the text or the content language. */
  update(text: string, language: ContentLanguage): void {
    const query = text.trim();
    const key = `${language}\n${query}`;
    // Typing a space after a word changes nothing worth a request.
    if (key === this.lastKey && this.state.status !== 'error') return;
    this.lastKey = key;
    this.cancel();
    if (query === '') {
      this.emit(IDLE);
      return;
    }
    this.emit({ ...this.keep(), status: 'typing', query });
    this.timer = setTimeout(() => {
      this.run(query, language);
    }, this.delayMs);
  }

  /** Stops the wait and the request in flight; nothing is emitted afterwards. */
  dispose(): void {
    this.cancel();
  }

  private keep(): Pick<InstantSearchState, 'page'> {
    return this.state.page ? { page: this.state.page } : {};
  }

  private cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.inFlight?.abort();
    this.inFlight = undefined;
  }

  private run(query: string, language: ContentLanguage): void {
    const controller = new AbortController();
    this.inFlight = controller;
    this.emit({ ...this.keep(), status: 'loading', query });
    this.search({ query, language, limit: PANEL_LIMIT }, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        this.inFlight = undefined;
        this.emit({ status: 'success', query, page });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        this.inFlight = undefined;
        this.emit({ status: 'error', query, error });
      },
    );
  }

  private emit(state: InstantSearchState): void {
    this.state = state;
    this.onChange(state);
  }
}

/** The panel's search state for `text` in the reader's content language. */
export function useInstantSearch(
  text: string,
  language: ContentLanguage,
  search: SearchFn = searchPosts,
): InstantSearchState {
  const [state, setState] = useState<InstantSearchState>(IDLE);
  const engine = useRef<InstantSearch | null>(null);

  useEffect(() => {
    const instance = new InstantSearch(search, setState);
    engine.current = instance;
    return () => {
      instance.dispose();
      engine.current = null;
    };
  }, [search]);

  useEffect(() => {
    engine.current?.update(text, language);
  }, [text, language, search]);

  return state;
}
