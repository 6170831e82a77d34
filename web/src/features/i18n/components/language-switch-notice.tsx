// After a language-switch reload, confirms the new language with a toast, then the content filter
// it changed, if it changed it.
import { useEffect, useRef } from 'react';

import { toast, toastAfter, type ToastInput } from '@/components/ui/toast';
import { useT, type ContentLanguage, type Dictionary } from '@/lib/i18n';

import { takeLanguageSwitchNotice } from '../hooks/use-switch-language';

export interface LanguageSwitchNoticeProps {
  /** The content filter's own toast (spec §4), for a switch that also changed the filter. */
  contentLanguageToast: (t: Dictionary, language: ContentLanguage) => ToastInput;
}

export function LanguageSwitchNotice({ contentLanguageToast }: LanguageSwitchNoticeProps) {
  const t = useT();
  const checked = useRef(false);

  useEffect(() => {
    // Only the first page load may take the notice: the switch itself re-renders this page in
    // the new language just before it reloads, and that page must leave the notice in place.
    if (checked.current) return;
    checked.current = true;
    const notice = takeLanguageSwitchNotice();
    if (!notice) return;
    const switched = toast({ title: t.language.switched });
    // A switch that also changed the content filter earns the filter's own toast too, next.
    if (notice.contentLanguage)
      toastAfter(switched, contentLanguageToast(t, notice.contentLanguage));
  }, [t, contentLanguageToast]);

  return null;
}
