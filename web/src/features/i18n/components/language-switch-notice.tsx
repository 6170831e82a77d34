// After a language-switch reload, confirms the new language with a toast.
import { useEffect, useRef } from 'react';

import { toast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n';

import { takeLanguageSwitchNotice } from '../hooks/use-switch-language';

export function LanguageSwitchNotice() {
  const t = useT();
  const message = t.language.switched;
  const checked = useRef(false);

  useEffect(() => {
    // Only the first page load may take the notice: the switch itself re-renders this page in
    // the new language just before it reloads, and that page must leave the notice in place.
    if (checked.current) return;
    checked.current = true;
    if (takeLanguageSwitchNotice()) toast({ title: message });
  }, [message]);

  return null;
}
