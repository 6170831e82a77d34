// Interface and content language, kept in localStorage under 'language' and 'contentLanguage'
// as plain strings ('en' / 'cs') so the server and other tabs can read them as they are.
import { create } from 'zustand';

import {
  CONTENT_LANGUAGE_STORAGE_KEY,
  isContentLanguageChosen,
  LANGUAGE_STORAGE_KEY,
  readStoredLanguage,
  writeContentLanguageFollows,
  writeStoredLanguage,
  type ContentLanguage,
  type Language,
} from '@/lib/i18n/language';

interface LanguageState {
  language: Language;
  contentLanguage: ContentLanguage;
  setLanguage: (language: Language) => void;
  /** The visitor's own choice of content filter; the interface language never overrides it. */
  setContentLanguage: (contentLanguage: ContentLanguage) => void;
  /**
   * Lets the content filter follow a newly chosen interface language (Czech: Czech plus English,
   * English: English only) unless the visitor chose a filter; returns the filter when it changed.
   */
  followLanguage: (language: Language) => ContentLanguage | null;
}

export const useLanguageStore = create<LanguageState>()((set, get) => ({
  language: readStoredLanguage(LANGUAGE_STORAGE_KEY),
  contentLanguage: readStoredLanguage(CONTENT_LANGUAGE_STORAGE_KEY),
  setLanguage: (language) => {
    writeStoredLanguage(LANGUAGE_STORAGE_KEY, language);
    set({ language });
  },
  setContentLanguage: (contentLanguage) => {
    writeStoredLanguage(CONTENT_LANGUAGE_STORAGE_KEY, contentLanguage);
    writeContentLanguageFollows(false);
    set({ contentLanguage });
  },
  followLanguage: (language) => {
    // A Czech reader on the English-only default would find no Czech post on the home page and
    // Czech search hits hidden (issue 28). The filter stays marked as following, so switching
    // back to English also goes back to English only, until the visitor picks a filter.
    if (isContentLanguageChosen()) return null;
    const contentLanguage: ContentLanguage = language;
    writeStoredLanguage(CONTENT_LANGUAGE_STORAGE_KEY, contentLanguage);
    writeContentLanguageFollows(true);
    if (get().contentLanguage === contentLanguage) return null;
    set({ contentLanguage });
    return contentLanguage;
  },
}));
