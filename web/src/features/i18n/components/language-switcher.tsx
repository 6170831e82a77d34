// Header control choosing the interface language (English / Čeština). A native select: it is on
// every page, so it must cost a reader nothing, and phones show their own picker for it.
import { ChevronDown, Globe } from 'lucide-react';

import { parseLanguage, useLanguage, useT } from '@/lib/i18n';

import { useSwitchLanguage } from '../hooks/use-switch-language';

export function LanguageSwitcher() {
  const t = useT();
  const language = useLanguage();
  const switchLanguage = useSwitchLanguage();

  return (
    <div className="relative inline-flex h-9 items-center">
      <Globe
        aria-hidden="true"
        className="pointer-events-none absolute left-2.5 size-4 text-slate-500"
      />
      <select
        data-testid="language-switcher"
        aria-label={t.language.label}
        value={language}
        onChange={(event) => {
          const next = parseLanguage(event.target.value);
          if (next !== language) switchLanguage(next);
        }}
        className="h-9 cursor-pointer appearance-none rounded-lg border border-slate-300 bg-white pl-8 pr-7 text-sm text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <option value="en" data-testid="language-option-en">
          {t.language.english}
        </option>
        <option value="cs" data-testid="language-option-cs">
          {t.language.czech}
        </option>
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-2 size-4 text-slate-500"
      />
    </div>
  );
}
