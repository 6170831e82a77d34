// "Read in Czech" / "Číst anglicky" on a post page: the link to its visible counterpart.
import { Languages } from 'lucide-react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import type { PostTranslation } from '@/types/api';

export function TranslationLink({ translation }: { translation: PostTranslation }) {
  const t = useT();
  return (
    <p className="mb-6 text-sm">
      <Link
        to={paths.post.getHref(translation.slug)}
        hrefLang={translation.language}
        data-testid="post-translation-link"
        className="inline-flex items-center gap-1.5 font-medium text-indigo-700 hover:underline"
      >
        <Languages aria-hidden="true" className="size-4" />
        {t.posts.readIn[translation.language]}
      </Link>
    </p>
  );
}
