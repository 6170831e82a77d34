// The sign-in and registration screen: the form card (login first, links switch modes and
// start the other form afresh) beside a panel headed with the blog's title.
import { Lightbulb, TrendingUp, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuthTexts } from '@/lib/i18n/auth-texts';

import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthMode = 'login' | 'register';

/** Router state a guard leaves when it sends a visitor here. */
export interface AuthRedirectState {
  reason: 'login-required';
}

function isAuthRedirectState(value: unknown): value is AuthRedirectState {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { reason?: unknown }).reason === 'login-required'
  );
}

interface AuthScreenProps {
  /** The blog's title, heading the side panel. */
  siteTitle: ReactNode;
  /** Shown above the form card, e.g. the result of an email verification. */
  notice?: ReactNode;
  /** Replaces the forms, e.g. for a reader who is already signed in. */
  children?: ReactNode;
}

export function AuthScreen({ siteTitle, notice, children }: AuthScreenProps) {
  const authT = useAuthTexts();
  const location = useLocation();
  const [mode, setMode] = useState<AuthMode>('login');
  const loginRequired = isAuthRedirectState(location.state);

  return (
    <div className="container py-10 md:py-16">
      <div className="mx-auto grid max-w-5xl overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-2">
        <div className="p-6 sm:p-10">
          <div className="grid gap-4">
            {loginRequired ? (
              <Alert data-testid="login-required">
                <AlertDescription>{authT.loginRequired}</AlertDescription>
              </Alert>
            ) : null}
            {notice}
          </div>
          {children ?? (
            <Card className="mt-4 border-0 shadow-none">
              <CardHeader className="px-0">
                <CardTitle className="text-2xl" data-testid="auth-title">
                  {mode === 'login' ? authT.signIn : authT.register}
                </CardTitle>
                <CardDescription data-testid="auth-description">
                  {mode === 'login' ? authT.signInDescription : authT.registerDescription}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-5 px-0 pb-0">
                {mode === 'login' ? <LoginForm /> : <RegisterForm />}
                {mode === 'login' ? (
                  <>
                    <p className="text-sm">
                      <Link
                        to={paths.forgotPassword.getHref()}
                        data-testid="forgot-password-link"
                        className="font-medium text-indigo-600 hover:underline"
                      >
                        {authT.forgotPassword}
                      </Link>
                    </p>
                    <p className="text-sm text-slate-600">
                      {authT.noAccount}{' '}
                      <Button
                        variant="link"
                        className="h-auto p-0"
                        data-testid="switch-to-register"
                        onClick={() => setMode('register')}
                      >
                        {authT.toRegister}
                      </Button>
                    </p>
                  </>
                ) : (
                  <p className="text-sm text-slate-600">
                    {authT.haveAccount}{' '}
                    <Button
                      variant="link"
                      className="h-auto p-0"
                      data-testid="switch-to-login"
                      onClick={() => setMode('login')}
                    >
                      {authT.toLogin}
                    </Button>
                  </p>
                )}
              </CardContent>
            </Card>
          )}
        </div>
        <aside
          data-testid="auth-panel"
          className="hidden flex-col justify-center gap-6 bg-gradient-to-br from-indigo-600 to-slate-900 p-10 text-white md:flex"
        >
          <h2 className="text-3xl font-bold tracking-tight" data-testid="auth-panel-title">
            {siteTitle}
          </h2>
          <p className="text-lg leading-relaxed text-indigo-100">{authT.panelText}</p>
          <div aria-hidden="true" className="flex gap-4 text-indigo-200 [&_svg]:size-6">
            <Users />
            <TrendingUp />
            <Lightbulb />
          </div>
        </aside>
      </div>
    </div>
  );
}
