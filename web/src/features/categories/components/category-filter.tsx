// Category sidebar list: 'All Posts' and one entry per category, the active one highlighted.
import { Folder, LayoutGrid } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { BUILT_IN_CATEGORIES } from '@/config/constants';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';

import { useCategories } from '../api/get-categories';

interface CategoryFilterProps {
  /** The category being shown; none means 'All Posts'. */
  active?: string | undefined;
  /** Names to show until (or if never) GET /api/categories answers. */
  fallback?: readonly string[];
}

function FilterLink({
  to,
  active,
  icon,
  children,
  testId,
}: {
  to: string;
  active: boolean;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Link
      to={to}
      data-testid={testId}
      data-active={active}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 lg:w-full [&_svg]:size-4 [&_svg]:shrink-0',
        active
          ? 'bg-indigo-600 text-white shadow-sm'
          : 'bg-slate-50 text-slate-700 hover:bg-slate-100 hover:text-slate-900 lg:bg-transparent',
      )}
    >
      {icon}
      <span className="truncate">{children}</span>
    </Link>
  );
}

export function CategoryFilter({ active, fallback = BUILT_IN_CATEGORIES }: CategoryFilterProps) {
  const t = useT();
  const categories = useCategories();
  const names = categories.data && categories.data.length > 0 ? categories.data : fallback;
  const activeKey = active?.toLowerCase();

  return (
    <nav aria-label={t.categories.title} data-testid="category-filter">
      <p className="mb-2 text-xs font-semibold uppercase tracking-wider text-slate-500">
        {t.categories.title}
      </p>
      <ul className="flex flex-wrap gap-1.5 lg:flex-col lg:gap-1">
        <li>
          <FilterLink
            to={paths.home.getHref()}
            active={activeKey === undefined}
            icon={<LayoutGrid aria-hidden="true" />}
            testId="category-filter-all"
          >
            {t.categories.allPosts}
          </FilterLink>
        </li>
        {names.map((name) => (
          <li key={name}>
            <FilterLink
              to={paths.category.getHref(name)}
              active={name.toLowerCase() === activeKey}
              icon={<Folder aria-hidden="true" />}
              testId="category-filter-item"
            >
              {name}
            </FilterLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
