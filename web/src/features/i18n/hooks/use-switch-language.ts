// Switching the interface language stores it and reloads the page (spec §4); the confirmation
// toast is shown by the reloaded page, in the new language.
import { useCallback } from 'react';

import { reloadPage } from '@/lib/browser';
import { parseLanguage, type ContentLanguage, type Language } from '@/lib/i18n';
import { useLanguageStore } from '@/stores/language-store';

const SWITCH_NOTICE_KEY = 'languageSwitched';
const CONTENT_LANGUAGE_NOTICE_KEY = 'contentLanguageSwitched';

export function useSwitchLanguage(): (language: Language) => void {
  const setLanguage = useLanguageStore((state) => state.setLanguage);
  const followLanguage = useLanguageStore((state) => state.followLanguage);
  return useCallback(
    (language: Language) => {
      setLanguage(language);
      // Stored before the reload, so that the server's first paint already lists what the app will.
      const contentLanguage = followLanguage(language);
      try {
        window.sessionStorage.setItem(SWITCH_NOTICE_KEY, language);
        if (contentLanguage)
          window.sessionStorage.setItem(CONTENT_LANGUAGE_NOTICE_KEY, contentLanguage);
        else window.sessionStorage.removeItem(CONTENT_LANGUAGE_NOTICE_KEY);
      } catch {
        // Without session storage the reload simply shows no confirmation.
      }
      reloadPage();
    },
    [setLanguage, followLanguage],
  );
}

export interface LanguageSwitchNotice {
  /** The content filter the switch changed, if it changed it. */
  contentLanguage: ContentLanguage | null;
}

/** Once after a reload caused by a language switch, what the switch changed; otherwise null. */
export function takeLanguageSwitchNotice(): LanguageSwitchNotice | null {
  try {
    const pending = window.sessionStorage.getItem(SWITCH_NOTICE_KEY) !== null;
    const contentLanguage = window.sessionStorage.getItem(CONTENT_LANGUAGE_NOTICE_KEY);
    window.sessionStorage.removeItem(SWITCH_NOTICE_KEY);
    window.sessionStorage.removeItem(CONTENT_LANGUAGE_NOTICE_KEY);
    if (!pending) return null;
    return { contentLanguage: contentLanguage === null ? null : parseLanguage(contentLanguage) };
  } catch {
    return null;
  }
}
