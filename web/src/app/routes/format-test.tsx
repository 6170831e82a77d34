// Format tests: English (/format-test) and Czech (/czech-format-test).
import { FormatTest } from '@/features/format-test/components/format-test';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

export function FormatTestRoute() {
  const t = useT();
  useDocumentTitle(t.formatTest.title);
  return <FormatTest key="en" variant="en" />;
}

export function CzechFormatTestRoute() {
  const t = useT();
  useDocumentTitle(t.formatTest.czechTitle);
  return <FormatTest key="cs" variant="cs" />;
}
