// Calls back when an element scrolls into view (auto-loading the next page of a list).
import { useEffect, useRef, type RefObject } from 'react';

/**
 * Observes the returned ref's element; `onVisible` runs each time it enters the viewport (with
 * a margin, so the next page arrives before the reader reaches the end). Without
 * IntersectionObserver (old browsers, jsdom) nothing happens and a button remains the way.
 */
export function useInView<T extends Element>(
  onVisible: () => void,
  enabled: boolean,
): RefObject<T> {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);

  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);

  return ref;
}
