// Profile card listing where the account is signed in, with "Sign out" on each session and
// "Sign out of all other sessions".
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLanguage } from '@/lib/i18n';
import { useSecurityTexts } from '@/lib/i18n/security-texts';

import { useEndOtherSessions, useEndSession, useSessions } from '../api/account-security';

function when(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language === 'cs' ? 'cs-CZ' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

export function SessionsSection() {
  const secT = useSecurityTexts();
  const language = useLanguage();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);

  return (
    <Card data-testid="sessions" id="sessions">
      <CardHeader>
        <CardTitle>{secT.sessionsTitle}</CardTitle>
        <CardDescription>{secT.sessionsDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-3">
          {list.map((s) => (
            <li
              key={s.id}
              data-testid="session"
              className="flex flex-wrap items-center justify-between gap-2 border-b pb-2"
            >
              <div className="text-sm">
                <p className="font-medium">
                  {s.browser} · {s.system}
                  {s.current ? (
                    <span className="text-muted-foreground ml-2 text-xs" data-testid="this-device">
                      ({secT.thisDevice})
                    </span>
                  ) : null}
                </p>
                <p className="text-muted-foreground">
                  {s.address} · {secT.started} {when(s.createdAt, language)} · {secT.lastUsed}{' '}
                  {when(s.lastUsedAt, language)}
                </p>
              </div>
              {s.current ? null : (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={endOne.isPending}
                  onClick={() => endOne.mutate(s.id)}
                >
                  {secT.signOut}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <Button
            type="button"
            variant="destructive"
            data-testid="sign-out-others"
            disabled={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            {secT.signOutOthers}
          </Button>
        ) : (
          <p className="text-muted-foreground text-sm">{secT.noOtherSessions}</p>
        )}
      </CardContent>
    </Card>
  );
}
