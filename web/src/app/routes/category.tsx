// Posts of one category (/category/:category); the router hands over the decoded name.
import { useParams } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useCategoryPosts } from '@/features/categories/api/get-category-posts';
import { PostFeed } from '@/features/posts/components/post-grid';
import { useContentLanguage } from '@/features/posts/hooks/use-change-content-language';
import { interpolate, useT } from '@/lib/i18n';
import { flattenPages } from '@/lib/paging';

import { BackLink } from './back-link';
import { ContentSidebar } from './content-sidebar';
import { useCurrentUserId } from './use-current-user-id';

export function CategoryRoute() {
  const t = useT();
  const { category = '' } = useParams();
  const language = useContentLanguage();
  const currentUserId = useCurrentUserId();
  const query = useCategoryPosts(category, language);

  return (
    <PageShell
      title={category}
      description={interpolate(t.category.description, { category })}
      actions={<BackLink to={paths.home.getHref()} label={t.common.backToAllPosts} />}
    >
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <ContentSidebar activeCategory={category} />
        <PostFeed
          posts={flattenPages(query.data?.pages)}
          status={query.status}
          error={query.error}
          empty={{ title: t.categories.noPosts, hint: t.categories.noPostsHint }}
          currentUserId={currentUserId}
          columns={2}
          paging={{
            hasNextPage: query.hasNextPage,
            isFetchingNextPage: query.isFetchingNextPage,
            fetchNextPage: query.fetchNextPage,
          }}
        />
      </div>
    </PageShell>
  );
}
