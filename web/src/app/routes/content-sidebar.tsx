// The 'Content Filters' sidebar of the home and category pages: content language, categories
// ('Create Category' for signed-in users), the newsletter's box on the home page and, when posts
// are at hand, the popular categories.
import { lazy, Suspense } from 'react';

import { Card } from '@/components/ui/card';
import { CategoryFilter } from '@/features/categories/components/category-filter';
import { PopularCategories } from '@/features/categories/components/popular-categories';
import { ContentLanguageSelect } from '@/features/posts/components/content-language-select';
import { SubscribeBox } from '@/features/newsletter/components/subscribe-box';
import { PopularPosts } from '@/features/posts/components/popular-posts';
import { useT } from '@/lib/i18n';
import type { PostSummary } from '@/types/api';

import { useCurrentUserId } from './use-current-user-id';

// Only signed-in users may create a category: readers never load the dialog.
const CreateCategoryDialog = lazy(async () => ({
  default: (await import('@/features/category-create/components/create-category-dialog'))
    .CreateCategoryDialog,
}));

interface ContentSidebarProps {
  activeCategory?: string;
  /** Loaded posts whose categories are counted under 'Popular Categories'. */
  posts?: readonly PostSummary[];
  /** 'Popular this week' (the home page only). */
  popular?: readonly PostSummary[];
  /** 'Get new articles by e-mail' (the home page only). */
  subscribe?: boolean;
}

export function ContentSidebar({
  activeCategory,
  posts,
  popular,
  subscribe = false,
}: ContentSidebarProps) {
  const t = useT();
  const signedIn = useCurrentUserId() !== null;
  return (
    <aside
      data-testid="content-filters"
      aria-labelledby="content-filters-heading"
      className="space-y-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1 lg:self-start"
    >
      <Card className="space-y-6 p-5">
        <h2 id="content-filters-heading" className="text-base font-semibold text-slate-900">
          {t.posts.contentFilters}
        </h2>
        <ContentLanguageSelect />
        <CategoryFilter active={activeCategory} />
        {signedIn ? (
          <Suspense fallback={<div className="h-9" />}>
            <CreateCategoryDialog />
          </Suspense>
        ) : null}
      </Card>
      <PopularPosts posts={popular} />
      {subscribe ? <SubscribeBox /> : null}
      {posts && posts.length > 0 ? (
        <Card className="hidden p-5 lg:block">
          <PopularCategories posts={posts} />
        </Card>
      ) : null}
    </aside>
  );
}
