// Sidebar choice of which posts to list: English only, or Czech and English.
import { Languages } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';

import { useT, type ContentLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';

import { useChangeContentLanguage, useContentLanguage } from '../hooks/use-change-content-language';

const OPTIONS: readonly ContentLanguage[] = ['en', 'cs'];

export function ContentLanguageSelect() {
  const t = useT();
  const labelId = useId();
  const current = useContentLanguage();
  const change = useChangeContentLanguage();
  const labels: Record<ContentLanguage, string> = {
    en: t.posts.contentLanguage.englishOnly,
    cs: t.posts.contentLanguage.czechAndEnglish,
  };

  // Arrow keys move the choice, as in any radio group.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
    event.preventDefault();
    const next = current === 'en' ? 'cs' : 'en';
    change(next);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-value="${next}"]`)?.focus();
  };

  return (
    <div>
      <p
        id={labelId}
        className="mb-2 flex items-center gap-2 text-xs font-semibold uppercase tracking-wider text-slate-500"
      >
        <Languages aria-hidden="true" className="size-4" />
        {t.posts.contentLanguage.label}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        data-testid="content-language"
        onKeyDown={onKeyDown}
        className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
      >
        {OPTIONS.map((option) => {
          const selected = option === current;
          return (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={selected}
              tabIndex={selected ? 0 : -1}
              data-value={option}
              data-testid={`content-language-${option}`}
              onClick={() => change(option)}
              className={cn(
                'rounded-md px-2 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                selected
                  ? 'bg-white text-indigo-700 shadow-sm'
                  : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
              )}
            >
              {labels[option]}
            </button>
          );
        })}
      </div>
    </div>
  );
}
