// Format tests: English (/format-test) and Czech (/czech-format-test).
import { PageShell } from '@/components/layouts/page-shell';
import { useT } from '@/lib/i18n';

export function FormatTestRoute() {
  const t = useT();
  return <PageShell title={t.demo.formatTest} />;
}

export function CzechFormatTestRoute() {
  const t = useT();
  return <PageShell title={t.demo.czechFormatTest} />;
}
