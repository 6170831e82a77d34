// Interface and content language, kept in localStorage under 'language' and 'contentLanguage'
// as plain strings ('en' / 'cs') so the server and other tabs can read them as they are.
import { create } from 'zustand';

import {
  CONTENT_LANGUAGE_STORAGE_KEY,
  LANGUAGE_STORAGE_KEY,
  readStoredLanguage,
  writeStoredLanguage,
  type ContentLanguage,
  type Language,
} from '@/lib/i18n/language';

interface LanguageState {
  language: Language;
  contentLanguage: ContentLanguage;
  setLanguage: (language: Language) => void;
  setContentLanguage: (contentLanguage: ContentLanguage) => void;
}

export const useLanguageStore = create<LanguageState>()((set) => ({
  language: readStoredLanguage(LANGUAGE_STORAGE_KEY),
  contentLanguage: readStoredLanguage(CONTENT_LANGUAGE_STORAGE_KEY),
  setLanguage: (language) => {
    writeStoredLanguage(LANGUAGE_STORAGE_KEY, language);
    set({ language });
  },
  setContentLanguage: (contentLanguage) => {
    writeStoredLanguage(CONTENT_LANGUAGE_STORAGE_KEY, contentLanguage);
    set({ contentLanguage });
  },
}));
