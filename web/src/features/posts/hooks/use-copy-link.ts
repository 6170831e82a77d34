// Copies a link to the clipboard and confirms it (or says it failed) with a toast.
import { useCallback } from 'react';

import { toast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n';

export function useCopyLink(): (url: string) => Promise<void> {
  const t = useT();
  return useCallback(
    async (url: string) => {
      try {
        await navigator.clipboard.writeText(url);
        toast({ title: t.posts.share.copiedTitle, description: t.posts.share.copiedDescription });
      } catch {
        toast({
          title: t.posts.share.copyFailedTitle,
          description: t.posts.share.copyFailedDescription,
          variant: 'destructive',
        });
      }
    },
    [t],
  );
}
