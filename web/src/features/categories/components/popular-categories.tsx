// 'Popular Categories': the categories of the loaded posts with how many posts each has.
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import type { PostSummary } from '@/types/api';

import { countCategories } from '../utils/count-categories';

const MAX_SHOWN = 6;

export function PopularCategories({ posts }: { posts: readonly PostSummary[] }) {
  const t = useT();
  const counts = countCategories(posts).slice(0, MAX_SHOWN);
  if (counts.length === 0) return null;

  return (
    <section aria-labelledby="popular-categories-heading" data-testid="popular-categories">
      <h3
        id="popular-categories-heading"
        className="mb-3 text-xs font-semibold uppercase tracking-wider text-slate-500"
      >
        {t.categories.popular}
      </h3>
      <ul className="flex flex-wrap gap-2">
        {counts.map(({ name, count }) => (
          <li key={name}>
            <Link
              to={paths.category.getHref(name)}
              className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pl-3 pr-1 text-sm text-slate-700 transition-colors hover:border-indigo-300 hover:text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {name}
              <span className="min-w-6 rounded-full bg-slate-100 px-2 py-0.5 text-center text-xs font-semibold text-slate-600">
                {count}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
