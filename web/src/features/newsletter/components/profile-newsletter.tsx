// Profile card 'Newsletter': new articles by e-mail to the account's address, in a chosen
// language; subscribing is immediate for a verified address, else the mailed link confirms it.
import { useState } from 'react';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { interpolate, useLanguage, type Language } from '@/lib/i18n';
import type { User } from '@/types/api';

import { useChangeOwnSubscription, useOwnSubscription } from '../api/own-subscription';
import { useNewsletterTexts } from '../utils/texts';

export function ProfileNewsletter({ user }: { user: User }) {
  const texts = useNewsletterTexts();
  const interfaceLanguage = useLanguage();
  const subscription = useOwnSubscription();
  const change = useChangeOwnSubscription();
  const [language, setLanguage] = useState<Language | null>(null);
  const chosen = language ?? subscription.data?.language ?? interfaceLanguage;

  let body;
  if (subscription.isPending) body = null;
  else if (subscription.isError)
    body = (
      <Alert variant="destructive" data-testid="profile-newsletter-error">
        <AlertDescription>{texts.loadFailed}</AlertDescription>
      </Alert>
    );
  else {
    const state = subscription.data.state;
    const subscribed = state === 'active' || state === 'pending';
    body = (
      <div className="grid gap-4">
        <p data-testid="profile-newsletter-state">{texts.state[state]}</p>
        {change.data?.message ? (
          <p
            role="status"
            className="text-sm text-emerald-700"
            data-testid="profile-newsletter-sent"
          >
            {texts.checkInbox}
          </p>
        ) : null}
        {change.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{texts.failed}</AlertDescription>
          </Alert>
        ) : null}
        {subscribed ? (
          <Button
            variant="outline"
            disabled={change.isPending}
            onClick={() => change.mutate({ subscribe: false })}
            data-testid="profile-newsletter-unsubscribe"
          >
            {change.isPending ? texts.saving : texts.profileUnsubscribe}
          </Button>
        ) : (
          <div className="flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-sm text-slate-700">
              {texts.language}
              <select
                value={chosen}
                onChange={(event) => setLanguage(event.target.value === 'cs' ? 'cs' : 'en')}
                data-testid="profile-newsletter-language"
                className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900"
              >
                <option value="en">{texts.english}</option>
                <option value="cs">{texts.czech}</option>
              </select>
            </label>
            <Button
              disabled={change.isPending}
              onClick={() => change.mutate({ subscribe: true, language: chosen })}
              data-testid="profile-newsletter-subscribe"
            >
              {change.isPending ? texts.saving : texts.profileSubscribe}
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <Card data-testid="profile-newsletter">
      <CardHeader>
        <CardTitle>{texts.profileTitle}</CardTitle>
        <CardDescription>
          {interpolate(texts.profileDescription, { email: user.email })}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
