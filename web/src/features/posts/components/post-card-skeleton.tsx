// Placeholder cards shown while a list loads (spec §9: four of them), each exactly as tall as the
// card that replaces it: two title lines, the date, three excerpt lines and 'Read more'.
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

export function PostCardSkeleton() {
  return (
    <Card data-testid="post-card-skeleton" className="flex h-full flex-col overflow-hidden">
      <Skeleton className="aspect-[16/9] w-full rounded-none" />
      <div className="flex flex-1 flex-col p-5">
        {/* The wrappers carry the card's type sizes, so that the em heights match its lines. */}
        <div className="text-lg leading-snug">
          <Skeleton className="h-[2.75em] w-4/5" />
        </div>
        <Skeleton className="mt-2 h-5 w-1/3" />
        <div className="mt-3 text-sm leading-relaxed">
          <Skeleton className="h-[4.875em] w-full" />
        </div>
        <div className="mt-auto pt-4">
          <Skeleton className="h-5 w-24" />
        </div>
      </div>
    </Card>
  );
}
