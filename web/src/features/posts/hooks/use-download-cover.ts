// Cover download with the spec's toasts: 'Image Downloaded', or 'Download Error'.
import { useCallback } from 'react';

import { toast } from '@/components/ui/toast';
import { interpolate, useT } from '@/lib/i18n';

import { downloadImage } from '../utils/download-image';

export function useDownloadCover(): (url: string) => Promise<void> {
  const t = useT();
  return useCallback(
    async (url: string) => {
      try {
        const fileName = await downloadImage(url);
        toast({
          title: t.posts.download.successTitle,
          description: interpolate(t.posts.download.successDescription, { fileName }),
        });
      } catch {
        toast({
          title: t.posts.download.errorTitle,
          description: t.posts.download.errorDescription,
          variant: 'destructive',
        });
      }
    },
    [t],
  );
}
