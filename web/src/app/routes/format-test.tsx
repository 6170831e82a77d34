// Format tests: English (/format-test) and Czech (/czech-format-test).
import { useFormatTestTexts } from '@/lib/i18n/format-test-texts';
import { FormatTest } from '@/features/format-test/components/format-test';
import { useDocumentTitle } from '@/lib/use-document-title';

export function FormatTestRoute() {
  const ftT = useFormatTestTexts();
  useDocumentTitle(ftT.title);
  return <FormatTest key="en" variant="en" />;
}

export function CzechFormatTestRoute() {
  const ftT = useFormatTestTexts();
  useDocumentTitle(ftT.czechTitle);
  return <FormatTest key="cs" variant="cs" />;
}
