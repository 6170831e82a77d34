// The control at the top right of a post's cover: copy the link, download the cover image.
import { Download, Link2 } from 'lucide-react';

import { useT } from '@/lib/i18n';

import { useCopyLink } from '../hooks/use-copy-link';
import { useDownloadCover } from '../hooks/use-download-cover';

const actionButton =
  'grid size-10 place-items-center rounded-full text-white transition hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white [&_svg]:size-[1.125rem]';

export function PostShareActions({ coverImage }: { coverImage: string }) {
  const t = useT();
  const copyLink = useCopyLink();
  const downloadCover = useDownloadCover();

  return (
    <div
      role="group"
      aria-label={t.posts.share.label}
      data-testid="post-share-actions"
      className="flex items-center gap-1 rounded-full border border-white/20 bg-black/40 p-1 shadow-lg backdrop-blur"
    >
      <button
        type="button"
        data-testid="post-copy-link"
        aria-label={t.posts.share.copyLink}
        title={t.posts.share.copyLink}
        className={actionButton}
        onClick={() => void copyLink(window.location.href)}
      >
        <Link2 aria-hidden="true" />
      </button>
      {coverImage ? (
        <button
          type="button"
          data-testid="post-download-cover"
          aria-label={t.posts.downloadCover}
          title={t.posts.downloadCover}
          className={actionButton}
          onClick={() => void downloadCover(coverImage)}
        >
          <Download aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
