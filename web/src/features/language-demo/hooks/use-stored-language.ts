// The interface language as stored in localStorage ('language'), read again every 500 ms and on
// every `storage` event, so a change made elsewhere (another tab, devtools) shows at once.
import { useEffect, useState } from 'react';

import { LANGUAGE_STORAGE_KEY, readStoredLanguage, type Language } from '@/lib/i18n';

/** Spec §9: language polling 500 ms. */
export const LANGUAGE_POLL_INTERVAL_MS = 500;

export function useStoredLanguage(): Language {
  const [language, setLanguage] = useState(() => readStoredLanguage(LANGUAGE_STORAGE_KEY));

  useEffect(() => {
    // Setting the same value again does not re-render.
    const check = () => setLanguage(readStoredLanguage(LANGUAGE_STORAGE_KEY));
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === LANGUAGE_STORAGE_KEY) check();
    };
    const timer = window.setInterval(check, LANGUAGE_POLL_INTERVAL_MS);
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  return language;
}
