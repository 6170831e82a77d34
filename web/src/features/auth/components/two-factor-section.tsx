// Profile card for two-factor sign-in: set up with a QR code, the key as text and a first code;
// the recovery codes shown once; turning it off with the password and a code.
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useT } from '@/lib/i18n';
import { useAuthTexts } from '@/lib/i18n/auth-texts';
import { useSecurityTexts } from '@/lib/i18n/security-texts';
import type { User } from '@/types/api';

import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useSetupTwoFactor,
} from '../api/account-security';
import { errorMessage } from '../utils/server-messages';

import { FormError } from './form-error';
import { FormField } from './form-field';

interface TwoFactorSectionProps {
  user: User;
  /** Called when the user has seen the recovery codes (the required setup screen moves on). */
  onFinished?: () => void;
}

export function TwoFactorSection({ user, onFinished }: TwoFactorSectionProps) {
  const t = useT();
  const authT = useAuthTexts();
  const secT = useSecurityTexts();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const failure = (error: unknown) => (error ? errorMessage(error, authT, t.errors.generic) : null);

  let body;
  if (recoveryCodes) {
    body = (
      <div className="grid gap-3" data-testid="recovery-codes">
        <p className="font-medium">{secT.recoveryTitle}</p>
        <p className="text-muted-foreground text-sm">{secT.recoveryHint}</p>
        <ul className="grid grid-cols-2 gap-1 font-mono text-sm">
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <Button
          type="button"
          data-testid="recovery-codes-done"
          onClick={() => {
            setRecoveryCodes(null);
            onFinished?.();
          }}
        >
          {secT.done}
        </Button>
      </div>
    );
  } else if (user.twoFactorEnabled) {
    body = (
      <form
        noValidate
        className="grid gap-4"
        data-testid="two-factor-disable"
        onSubmit={(event) => {
          event.preventDefault();
          disable.mutate(
            { password, code: code.trim() },
            {
              onSuccess: () => {
                setPassword('');
                setCode('');
                setup.reset();
              },
            },
          );
        }}
      >
        <p data-testid="two-factor-on">{secT.twoFactorOn}</p>
        <p className="text-muted-foreground text-sm">{secT.turnOffHint}</p>
        <FormError message={failure(disable.error)} />
        <FormField
          name="disable-password"
          type="password"
          label={secT.password}
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
        />
        <FormField
          name="disable-code"
          label={secT.code}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onValueChange={setCode}
        />
        <Button type="submit" variant="destructive" disabled={disable.isPending}>
          {disable.isPending ? secT.turningOff : secT.turnOff}
        </Button>
      </form>
    );
  } else if (setup.data) {
    const data = setup.data;
    body = (
      <form
        noValidate
        className="grid gap-4"
        data-testid="two-factor-setup"
        onSubmit={(event) => {
          event.preventDefault();
          enable.mutate(code.trim(), {
            onSuccess: (answer) => {
              setCode('');
              setRecoveryCodes(answer.recoveryCodes);
            },
          });
        }}
      >
        <p className="text-sm">{secT.scan}</p>
        <a href={data.otpauthUri} data-testid="otpauth-link" className="w-48">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.qrSvg)}`}
            alt={secT.qrAlt}
            width={192}
            height={192}
          />
        </a>
        <p className="text-sm">
          {secT.secret}:{' '}
          <code data-testid="two-factor-secret" className="break-all font-mono">
            {data.secret}
          </code>
        </p>
        <FormError message={failure(enable.error)} />
        <FormField
          name="setup-code"
          label={secT.confirmCode}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onValueChange={setCode}
        />
        <Button
          type="submit"
          data-testid="two-factor-enable"
          disabled={enable.isPending || !code.trim()}
        >
          {enable.isPending ? secT.enabling : secT.enable}
        </Button>
      </form>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <p className="text-muted-foreground text-sm">{secT.twoFactorOff}</p>
        <FormError message={failure(setup.error)} />
        <Button
          type="button"
          data-testid="two-factor-start"
          disabled={setup.isPending}
          onClick={() => setup.mutate()}
        >
          {secT.setUp}
        </Button>
      </div>
    );
  }

  return (
    <Card data-testid="two-factor">
      <CardHeader>
        <CardTitle>{secT.twoFactorTitle}</CardTitle>
        <CardDescription>
          {user.twoFactorEnabled ? secT.twoFactorOn : secT.twoFactorOff}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
