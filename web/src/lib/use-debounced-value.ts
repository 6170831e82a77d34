// A value that follows its input only once the input has stayed the same for a while, so a search
// typed letter by letter asks the server once, when the typing pauses.
import { useEffect, useState } from 'react';

/** The latest `value` that was left unchanged for `delayMs`; the first value at once. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [value, delayMs]);
  return settled;
}
