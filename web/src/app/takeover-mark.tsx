// Marks the document once React's page has replaced the server's: the end-to-end tests wait for
// it before they type or click, so nothing they do lands in the copy that is about to go.
import { useEffect } from 'react';

export function TakeoverMark() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}
