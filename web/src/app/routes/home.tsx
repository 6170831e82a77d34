// Home: the hero from the site settings, then the latest articles section.
import { Hero } from '@/features/site-settings/components/hero';
import { SearchBox } from '@/features/search/components/search-box';
import { useT } from '@/lib/i18n';

const LATEST_ARTICLES_ID = 'latest-articles';

export function HomeRoute() {
  const t = useT();
  return (
    <>
      <Hero search={<SearchBox />} latestArticlesId={LATEST_ARTICLES_ID} />
      <section
        id={LATEST_ARTICLES_ID}
        data-testid="latest-articles"
        className="container scroll-mt-20 py-12 md:py-16"
      >
        <div className="flex items-end justify-between gap-4 border-b border-slate-200 pb-4">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
            {t.home.latestArticles}
          </h2>
        </div>
        <div className="min-h-[12rem]" />
      </section>
    </>
  );
}
