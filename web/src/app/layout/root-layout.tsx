// Frame of every page: header, the routed page, footer, scroll restoration, switch notice.
import { Outlet, ScrollRestoration } from 'react-router-dom';

import { LanguageSwitchNotice } from '@/features/i18n/components/language-switch-notice';
import { contentLanguageToast } from '@/features/posts/hooks/use-change-content-language';

import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SiteHeader />
      <main className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
      <LanguageSwitchNotice contentLanguageToast={contentLanguageToast} />
    </div>
  );
}
