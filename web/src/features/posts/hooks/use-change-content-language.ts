// Changing the content language (spec §4): store it, confirm with a toast; every list keyed by
// the content language then fetches again.
import { useCallback } from 'react';

import { toast, type ToastInput } from '@/components/ui/toast';
import { useT, type ContentLanguage, type Dictionary } from '@/lib/i18n';
import { useLanguageStore } from '@/stores/language-store';

/** The confirmation toast for a newly chosen content language, in the interface language. */
export function contentLanguageToast(t: Dictionary, language: ContentLanguage): ToastInput {
  return {
    title: t.posts.contentLanguage.changedTitle,
    description:
      language === 'en'
        ? t.posts.contentLanguage.showingEnglish
        : t.posts.contentLanguage.showingCzechAndEnglish,
  };
}

export function useContentLanguage(): ContentLanguage {
  return useLanguageStore((state) => state.contentLanguage);
}

export function useChangeContentLanguage(): (language: ContentLanguage) => void {
  const t = useT();
  const setContentLanguage = useLanguageStore((state) => state.setContentLanguage);
  return useCallback(
    (language: ContentLanguage) => {
      if (useLanguageStore.getState().contentLanguage === language) return;
      setContentLanguage(language);
      toast(contentLanguageToast(t, language));
    },
    [t, setContentLanguage],
  );
}
