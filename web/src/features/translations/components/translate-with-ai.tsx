// The editor's "Translate with AI" for a new translation: fills title, excerpt and content from
// the original post in the target language. Shown to admins, and to authors when the site allows.
import { CircleAlert, Languages, Loader2 } from 'lucide-react';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useT, type Dictionary } from '@/lib/i18n';
import type { AiTranslateResponse } from '@/types/api';

import { useTranslatePost } from '../api/translate-post';

function failureMessage(error: unknown, t: Dictionary): string {
  if (isApiError(error)) {
    if (error.status === 503 && error.message.includes('not configured'))
      return t.translations.aiNotConfigured;
    if (error.status === 403) return t.translations.aiAdminsOnly;
    if (error.status === 429) return t.translations.aiTooMany;
  }
  return t.translations.translateFailed;
}

export function TranslateWithAi({
  sourceId,
  targetLanguage,
  onTranslated,
}: {
  sourceId: number;
  targetLanguage: 'en' | 'cs';
  onTranslated: (translation: AiTranslateResponse) => void;
}) {
  const t = useT();
  const translate = useTranslatePost();
  return (
    <div className="grid gap-2" data-testid="translate-with-ai">
      <div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={translate.isPending}
          data-testid="translate-with-ai-button"
          onClick={() =>
            translate.mutate(
              { postId: sourceId, targetLanguage },
              { onSuccess: (translation) => onTranslated(translation) },
            )
          }
        >
          {translate.isPending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Languages aria-hidden="true" />
          )}
          {translate.isPending ? t.translations.translating : t.translations.translateWithAi}
        </Button>
      </div>
      {translate.isSuccess ? (
        <p role="status" data-testid="translate-with-ai-done" className="text-xs text-slate-600">
          {t.translations.translated}
        </p>
      ) : null}
      {translate.isError ? (
        <Alert variant="destructive" data-testid="translate-with-ai-error" className="flex gap-2">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <AlertDescription>{failureMessage(translate.error, t)}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
