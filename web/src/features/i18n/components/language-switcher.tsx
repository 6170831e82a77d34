// Header control choosing the interface language (English / Čeština).
import { Globe } from 'lucide-react';

import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { parseLanguage, useLanguage, useT } from '@/lib/i18n';

import { useSwitchLanguage } from '../hooks/use-switch-language';

export function LanguageSwitcher() {
  const t = useT();
  const language = useLanguage();
  const switchLanguage = useSwitchLanguage();

  return (
    <Select
      value={language}
      onValueChange={(value) => {
        const next = parseLanguage(value);
        if (next !== language) switchLanguage(next);
      }}
    >
      <SelectTrigger
        data-testid="language-switcher"
        aria-label={t.language.label}
        className="px-2.5 sm:px-3"
      >
        <Globe aria-hidden="true" className="text-slate-500" />
        <span className="sr-only sm:not-sr-only">
          <SelectValue />
        </span>
      </SelectTrigger>
      <SelectContent align="end">
        <SelectItem value="en" data-testid="language-option-en">
          {t.language.english}
        </SelectItem>
        <SelectItem value="cs" data-testid="language-option-cs">
          {t.language.czech}
        </SelectItem>
      </SelectContent>
    </Select>
  );
}
