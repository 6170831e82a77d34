// The search page's filters, loaded beside the first answer: category facets that narrow the
// query (category=), the content filter with its counts, and the offer of the hits it hid.
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useLanguage, useT, type ContentLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';

import type { SearchPage } from '../api/search-posts';
import { readFacets } from '../utils/facets';
import { refinementsBox, refinementsRow } from '../utils/refinements-layout';
import { pluralText } from '../utils/result-count';
import { useSearchTexts } from '../utils/texts';

export interface SearchRefinementsProps {
  query: string;
  /** The category the results are narrowed to ('' for all). */
  category: string;
  page: SearchPage;
  contentLanguage: ContentLanguage;
  onContentLanguage: (language: ContentLanguage) => void;
}

const chip =
  'inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';
const chipState = (selected: boolean) =>
  selected
    ? 'border-indigo-600 bg-indigo-600 text-white'
    : 'border-slate-300 bg-white text-slate-700 hover:border-indigo-400 hover:text-indigo-700';

function Count({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  return <span className="tabular-nums opacity-90">{value}</span>;
}

/** "3 results in Czech posts — show them": switches the content filter in one click. */
export function HiddenByLanguageOffer({ count, onShow }: { count: number; onShow: () => void }) {
  const language = useLanguage();
  const texts = useSearchTexts();
  if (count <= 0) return null;
  return (
    <button
      type="button"
      data-testid="search-hidden-offer"
      onClick={onShow}
      className="min-h-10 shrink-0 whitespace-nowrap rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-2 text-left text-sm font-medium text-indigo-800 hover:bg-indigo-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      {pluralText(texts.hidden, language, count)}
    </button>
  );
}

export function SearchRefinements({
  query,
  category,
  page,
  contentLanguage,
  onContentLanguage,
}: SearchRefinementsProps) {
  const t = useT();
  const texts = useSearchTexts();
  const hidden = page.hiddenByLanguage ?? 0;
  const facets = readFacets(page.facets);
  const categories = [...facets.categories];
  if (category !== '' && !categories.some((facet) => facet.name === category))
    categories.unshift({ name: category, count: page.total });
  const english = facets.languages.find((facet) => facet.language === 'en')?.count;
  const languageCounts: Record<ContentLanguage, number | undefined> = {
    en: english ?? (contentLanguage === 'en' ? page.total : undefined),
    cs:
      contentLanguage === 'cs'
        ? page.total
        : page.hiddenByLanguage === undefined
          ? undefined
          : page.total + hidden,
  };
  const languageNames: Record<ContentLanguage, string> = {
    en: t.posts.contentLanguage.englishOnly,
    cs: t.posts.contentLanguage.czechAndEnglish,
  };

  // Two rows of a fixed height that scroll sideways on a phone: the box is as tall before the
  // filters load (the placeholder of the same size) as after, so nothing below it moves.
  return (
    <section
      data-testid="search-refinements"
      aria-label={texts.facets.label}
      className={cn(refinementsBox, 'space-y-2')}
    >
      <div className={refinementsRow}>
        <h2 className="sr-only">{texts.facets.languages}</h2>
        <div className="flex shrink-0 gap-2" data-testid="search-language-facets">
          {(['en', 'cs'] as const).map((language) => (
            <button
              key={language}
              type="button"
              aria-pressed={contentLanguage === language}
              onClick={() => onContentLanguage(language)}
              className={cn(chip, chipState(contentLanguage === language))}
            >
              {languageNames[language]}
              <Count value={languageCounts[language]} />
            </button>
          ))}
        </div>
        {contentLanguage === 'en' ? (
          <HiddenByLanguageOffer count={hidden} onShow={() => onContentLanguage('cs')} />
        ) : null}
      </div>
      <div className={refinementsRow}>
        {categories.length > 0 ? (
          <>
            <h2 className="sr-only">{texts.facets.categories}</h2>
            <ul className="flex shrink-0 gap-2" data-testid="search-category-facets">
              <li>
                <Link
                  to={paths.search.getHref(query)}
                  aria-current={category === '' ? 'true' : undefined}
                  className={cn(chip, chipState(category === ''))}
                >
                  {texts.facets.allCategories}
                </Link>
              </li>
              {categories.map((facet) => (
                <li key={facet.name}>
                  <Link
                    to={paths.search.getHref(query, facet.name)}
                    data-testid="search-category-facet"
                    aria-current={facet.name === category ? 'true' : undefined}
                    className={cn(chip, chipState(facet.name === category))}
                  >
                    {facet.name}
                    <Count value={facet.count} />
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </section>
  );
}
