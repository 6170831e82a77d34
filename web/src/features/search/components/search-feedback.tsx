// Search page messages: the spelling suggestion and the error box.
import { AlertCircle } from 'lucide-react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { interpolate, useT } from '@/lib/i18n';

/** 'Did you mean …?' linking to a search for the corrected query. */
export function SearchSuggestion({ suggestion }: { suggestion: string }) {
  const t = useT();
  if (suggestion.trim() === '') return null;
  return (
    <p data-testid="search-suggestion" className="text-slate-700">
      {t.search.didYouMean}{' '}
      <Link
        to={paths.search.getHref(suggestion)}
        className="font-semibold italic text-indigo-600 underline-offset-4 hover:underline"
      >
        {suggestion}
      </Link>
      ?
    </p>
  );
}

/** The red box: 'Error searching: {error}' and a hint to try other words. */
export function SearchError({ message }: { message: string }) {
  const t = useT();
  return (
    <div
      role="alert"
      data-testid="search-error"
      className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-800"
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{interpolate(t.search.error, { error: message })}</p>
        <p className="mt-1 text-sm text-red-700">{t.search.errorHint}</p>
      </div>
    </div>
  );
}
