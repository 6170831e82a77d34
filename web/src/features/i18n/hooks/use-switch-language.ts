// Switching the interface language stores it and reloads the page (spec §4); the confirmation
// toast is shown by the reloaded page, in the new language.
import { useCallback } from 'react';

import { reloadPage } from '@/lib/browser';
import type { Language } from '@/lib/i18n';
import { useLanguageStore } from '@/stores/language-store';

const SWITCH_NOTICE_KEY = 'languageSwitched';

export function useSwitchLanguage(): (language: Language) => void {
  const setLanguage = useLanguageStore((state) => state.setLanguage);
  return useCallback(
    (language: Language) => {
      setLanguage(language);
      try {
        window.sessionStorage.setItem(SWITCH_NOTICE_KEY, language);
      } catch {
        // Without session storage the reload simply shows no confirmation.
      }
      reloadPage();
    },
    [setLanguage],
  );
}

/** True once after a reload caused by a language switch. */
export function takeLanguageSwitchNotice(): boolean {
  try {
    const pending = window.sessionStorage.getItem(SWITCH_NOTICE_KEY) !== null;
    window.sessionStorage.removeItem(SWITCH_NOTICE_KEY);
    return pending;
  } catch {
    return false;
  }
}
