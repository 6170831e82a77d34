// Page footer with the site title and the copyright line.
import { SiteTitle } from '@/features/site-settings/components/site-title';
import { useT } from '@/lib/i18n';

export function SiteFooter() {
  const t = useT();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="container flex flex-col items-center justify-between gap-2 py-8 text-sm text-slate-500 sm:flex-row">
        <span className="font-semibold text-slate-700">
          <SiteTitle />
        </span>
        <span>
          © {new Date().getFullYear()} · {t.footer.rights}
        </span>
      </div>
    </footer>
  );
}
