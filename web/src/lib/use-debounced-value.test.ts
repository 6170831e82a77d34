// useDebouncedValue: the first value at once, a change only after it has stood for the delay, and
// a burst of changes settles on the last one.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useDebouncedValue } from './use-debounced-value';

function renderDebounced(initial: string, delayMs = 300) {
  return renderHook(({ value }) => useDebouncedValue(value, delayMs), {
    initialProps: { value: initial },
  });
}

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives the first value at once', () => {
    const { result } = renderDebounced('abc');
    expect(result.current).toBe('abc');
  });

  it('follows a change only after the delay', () => {
    const { result, rerender } = renderDebounced('');
    rerender({ value: 'a' });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(result.current).toBe('');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('a');
  });

  it('restarts the wait on every change and settles on the last value', () => {
    const seen: string[] = [];
    const { result, rerender } = renderHook(
      ({ value }) => {
        const settled = useDebouncedValue(value, 300);
        if (seen.at(-1) !== settled) seen.push(settled);
        return settled;
      },
      { initialProps: { value: '' } },
    );
    for (const value of ['a', 'ab', 'abc']) {
      rerender({ value });
      act(() => {
        vi.advanceTimersByTime(200);
      });
    }
    expect(result.current).toBe('');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(result.current).toBe('abc');
    expect(seen).toEqual(['', 'abc']);
  });
});
