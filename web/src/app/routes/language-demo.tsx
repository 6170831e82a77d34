// Language demo (/language-demo).
import { PageShell } from '@/components/layouts/page-shell';
import { useT } from '@/lib/i18n';

export function LanguageDemoRoute() {
  const t = useT();
  return <PageShell title={t.demo.languageDemo} />;
}
