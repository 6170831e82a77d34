// Sets document.title while a page is shown and puts the previous title back afterwards.
import { useEffect } from 'react';

/** An undefined or blank title leaves the current one alone (e.g. while data loads). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined || title.trim() === '') return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
