import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SearchPage, SearchRequest } from '../api/search-posts';

import { DEBOUNCE_MS, InstantSearch, PANEL_LIMIT, type InstantSearchState } from './instant-search';

const page = (query: string): SearchPage => ({
  results: [],
  total: 0,
  suggestion: query,
  nextCursor: null,
  pageable: true,
});

interface Call {
  request: SearchRequest;
  signal: AbortSignal;
  resolve: (page: SearchPage) => void;
  reject: (error: unknown) => void;
}

function setup() {
  const calls: Call[] = [];
  const states: InstantSearchState[] = [];
  const search = vi.fn(
    (request: SearchRequest, signal: AbortSignal) =>
      new Promise<SearchPage>((resolve, reject) => {
        calls.push({ request, signal, resolve, reject });
      }),
  );
  const engine = new InstantSearch(search, (state) => states.push(state));
  return { calls, states, engine, search, last: () => states.at(-1) };
}

describe('InstantSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends only the query the reader paused on, after the debounce', () => {
    const { engine, calls, last } = setup();
    for (const text of ['o', 'op', 'ope', 'open']) {
      engine.update(text, 'en');
      vi.advanceTimersByTime(DEBOUNCE_MS - 1);
    }
    expect(calls).toHaveLength(0);
    expect(last()).toMatchObject({ status: 'typing', query: 'open' });
    vi.advanceTimersByTime(1);
    expect(calls.map((call) => call.request)).toEqual([
      { query: 'open', language: 'en', limit: PANEL_LIMIT },
    ]);
    expect(last()).toMatchObject({ status: 'loading', query: 'open' });
  });

  it('aborts the request in flight on the next keystroke and ignores its late answer', async () => {
    const { engine, calls, last } = setup();
    engine.update('card', 'cs');
    vi.advanceTimersByTime(DEBOUNCE_MS);
    const first = calls[0];
    engine.update('cards', 'cs');
    expect(first?.signal.aborted).toBe(true);
    first?.resolve(page('card'));
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.signal.aborted).toBe(false);
    expect(last()).toMatchObject({ status: 'loading', query: 'cards' });

    calls[1]?.resolve(page('cards'));
    await vi.runAllTimersAsync();
    expect(last()).toEqual({ status: 'success', query: 'cards', page: page('cards') });
  });

  it('keeps the last answer on screen while the next query loads', async () => {
    const { engine, calls, last } = setup();
    engine.update('fee', 'en');
    vi.advanceTimersByTime(DEBOUNCE_MS);
    calls[0]?.resolve(page('fee'));
    await vi.runAllTimersAsync();
    engine.update('fees', 'en');
    expect(last()).toEqual({ status: 'typing', query: 'fees', page: page('fee') });
  });

  it('reports an error, and a blank query goes back to idle without a request', async () => {
    const { engine, calls, last } = setup();
    engine.update('x', 'en');
    vi.advanceTimersByTime(DEBOUNCE_MS);
    const failure = new Error('boom');
    calls[0]?.reject(failure);
    await vi.runAllTimersAsync();
    expect(last()).toEqual({ status: 'error', query: 'x', error: failure });

    engine.update('   ', 'en');
    expect(last()).toEqual({ status: 'idle', query: '' });
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(1);
  });

  it('does not search again for a trailing space, but does for another content language', () => {
    const { engine, calls } = setup();
    engine.update('open', 'en');
    vi.advanceTimersByTime(DEBOUNCE_MS);
    engine.update('open ', 'en');
    vi.advanceTimersByTime(DEBOUNCE_MS);
    expect(calls).toHaveLength(1);
    engine.update('open ', 'cs');
    vi.advanceTimersByTime(DEBOUNCE_MS);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.signal.aborted).toBe(true);
  });

  it('stops waiting and aborts when disposed', () => {
    const { engine, calls, states } = setup();
    engine.update('open', 'en');
    vi.advanceTimersByTime(DEBOUNCE_MS);
    engine.update('opened', 'en');
    const before = states.length;
    engine.dispose();
    vi.advanceTimersByTime(DEBOUNCE_MS * 2);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(states).toHaveLength(before);
  });
});
