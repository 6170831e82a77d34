// 'Get new articles by e-mail': an address and the articles' language (the interface's at first).
// On the home page's sidebar, under every post and on /newsletter; light, as it loads with them.
import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { useLanguage, useT, type Language } from '@/lib/i18n';
import { cn } from '@/lib/utils';

import { useSubscribeToNewsletter } from '../api/subscribe';

export function SubscribeBox({ className }: { className?: string }) {
  const t = useT();
  const id = useId();
  const interfaceLanguage = useLanguage();
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<Language | null>(null);
  const subscribe = useSubscribeToNewsletter();
  const chosen = language ?? interfaceLanguage;

  // The server's answers are English: each is shown in the interface's language.
  let problem: string | null = null;
  let emailError: string | undefined;
  if (subscribe.isError) {
    const error = subscribe.error;
    if (isApiError(error) && error.status === 400 && error.fields.email)
      emailError = t.newsletter.emailInvalid;
    else if (isApiError(error) && error.status === 429) problem = t.newsletter.tooMany;
    else problem = t.newsletter.failed;
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    subscribe.mutate({ email: email.trim(), language: chosen });
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="newsletter-box"
      className={cn('rounded-xl border border-slate-200 bg-white p-5 shadow-sm', className)}
    >
      <h2
        id={`${id}-title`}
        className="flex items-center gap-2 text-base font-semibold text-slate-900"
      >
        <Mail aria-hidden="true" className="size-4 text-indigo-600" />
        {t.newsletter.title}
      </h2>
      {subscribe.isSuccess ? (
        <p role="status" data-testid="newsletter-done" className="mt-3 text-sm text-emerald-700">
          {t.newsletter.checkInbox}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-3 grid gap-3">
          <p className="text-sm text-slate-600">{t.newsletter.hint}</p>
          <label htmlFor={`${id}-email`} className="sr-only">
            {t.newsletter.email}
          </label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            required
            placeholder={t.newsletter.email}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-error` : undefined}
            data-testid="newsletter-email"
          />
          {emailError ? (
            <p
              id={`${id}-error`}
              data-testid="newsletter-email-error"
              className="text-sm font-medium text-red-600"
            >
              {emailError}
            </p>
          ) : null}
          <label className="grid gap-1 text-sm text-slate-700">
            {t.newsletter.language}
            <select
              value={chosen}
              onChange={(event) => setLanguage(event.target.value === 'cs' ? 'cs' : 'en')}
              data-testid="newsletter-language"
              className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40"
            >
              <option value="en">{t.newsletter.english}</option>
              <option value="cs">{t.newsletter.czech}</option>
            </select>
          </label>
          {problem ? (
            <p
              role="alert"
              data-testid="newsletter-error"
              className="text-sm font-medium text-red-600"
            >
              {problem}
            </p>
          ) : null}
          <Button type="submit" disabled={subscribe.isPending} data-testid="newsletter-subscribe">
            {subscribe.isPending ? t.newsletter.subscribing : t.newsletter.subscribe}
          </Button>
        </form>
      )}
    </section>
  );
}
