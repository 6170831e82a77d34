// Post page placeholder: the cover band and a card of six text lines (spec §9).
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n';

const LINE_WIDTHS = ['w-full', 'w-11/12', 'w-full', 'w-4/5', 'w-full', 'w-2/3'] as const;

export function PostDetailSkeleton() {
  const t = useT();
  return (
    <div data-testid="post-loading" aria-busy="true">
      <span className="sr-only" role="status">
        {t.common.loading}
      </span>
      <Skeleton className="h-[500px] w-full rounded-none bg-slate-300" />
      <div className="container relative -mt-12 max-w-4xl pb-16">
        <Card className="space-y-4 p-6 sm:p-8 md:p-12">
          {LINE_WIDTHS.map((width, index) => (
            <Skeleton key={index} data-testid="post-skeleton-line" className={`h-4 ${width}`} />
          ))}
        </Card>
      </div>
    </div>
  );
}
