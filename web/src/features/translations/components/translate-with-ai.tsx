// The editor's "Translate with AI" for a new translation: fills title, excerpt and content from
// the original post in the target language. Shown to admins, and to authors when the site allows.
import { useTranslationsTexts, type TranslationsTexts } from '@/lib/i18n/translations-texts';
import { CircleAlert, Languages, Loader2 } from 'lucide-react';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';

import type { AiTranslateResponse } from '@/types/api';

import { useTranslatePost } from '../api/translate-post';

function failureMessage(error: unknown, trT: TranslationsTexts): string {
  if (isApiError(error)) {
    if (error.status === 503 && error.message.includes('not configured'))
      return trT.aiNotConfigured;
    if (error.status === 403) return trT.aiAdminsOnly;
    if (error.status === 429) return trT.aiTooMany;
  }
  return trT.translateFailed;
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
  const trT = useTranslationsTexts();
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
          {translate.isPending ? trT.translating : trT.translateWithAi}
        </Button>
      </div>
      {translate.isSuccess ? (
        <p role="status" data-testid="translate-with-ai-done" className="text-xs text-slate-600">
          {trT.translated}
        </p>
      ) : null}
      {translate.isError ? (
        <Alert variant="destructive" data-testid="translate-with-ai-error" className="flex gap-2">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <AlertDescription>{failureMessage(translate.error, trT)}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
