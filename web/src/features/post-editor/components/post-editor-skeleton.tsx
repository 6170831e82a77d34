// Placeholder of the editor while the session is checked or an existing post loads.
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

export function PostEditorSkeleton() {
  return (
    <div data-testid="editor-skeleton" className="container max-w-4xl py-10 md:py-14">
      <Skeleton className="h-9 w-24" />
      <Skeleton className="mt-6 h-10 w-72" />
      <Card className="mt-8 space-y-6 p-6">
        {[0, 1].map((row) => (
          <div key={row} className="space-y-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
        <div className="grid gap-6 md:grid-cols-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-48 w-full rounded-xl" />
        <Skeleton className="h-[342px] w-full" />
      </Card>
    </div>
  );
}
