// Sticky header: site title home link, the search field (which opens the instant search panel),
// language switcher and the user menu (or 'Sign In').
import { CreditCard } from 'lucide-react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { UserMenu } from '@/features/auth/components/user-menu';
import { LanguageSwitcher } from '@/features/i18n/components/language-switcher';
import {
  useChangeContentLanguage,
  useContentLanguage,
} from '@/features/posts/hooks/use-change-content-language';
import { SearchLauncher } from '@/features/search/components/search-launcher';
import { SiteTitle } from '@/features/site-settings/components/site-title';
import { useT } from '@/lib/i18n';

export function SiteHeader() {
  const t = useT();
  const contentLanguage = useContentLanguage();
  const changeContentLanguage = useChangeContentLanguage();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <div className="container flex h-16 items-center justify-between gap-4">
        <Link
          to={paths.home.getHref()}
          data-testid="site-title-link"
          title={t.header.homeLink}
          className="flex min-w-0 items-center gap-2.5 rounded-lg font-bold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-indigo-500 to-indigo-700 text-white shadow-sm">
            <CreditCard aria-hidden="true" className="size-5" />
          </span>
          <span className="truncate text-lg tracking-tight">
            <SiteTitle />
          </span>
        </Link>
        <nav className="flex items-center gap-2 sm:gap-3">
          <SearchLauncher
            contentLanguage={contentLanguage}
            onShowHidden={() => changeContentLanguage('cs')}
          />
          <LanguageSwitcher />
          <UserMenu />
        </nav>
      </div>
    </header>
  );
}
