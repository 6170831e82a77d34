// "Create translation": opens the editor for the other language, linked to this post.
import { useTranslationsTexts } from '@/lib/i18n/translations-texts';
import { Languages } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import type { PostSummary } from '@/types/api';

import { createTranslationHref, otherLanguage } from '../utils/translations';

export function CreateTranslationButton({
  post,
  compact = false,
}: {
  post: Pick<PostSummary, 'slug' | 'language' | 'title'>;
  compact?: boolean;
}) {
  const trT = useTranslationsTexts();
  const label = trT.createInto[otherLanguage(post.language)];
  return (
    <Button
      asChild
      variant={compact ? 'ghost' : 'outline'}
      size={compact ? 'icon' : 'sm'}
      className={compact ? 'size-8' : undefined}
      data-testid="create-translation"
    >
      <Link to={createTranslationHref(post)} aria-label={label} title={label}>
        <Languages aria-hidden="true" />
        {compact ? null : label}
      </Link>
    </Button>
  );
}
