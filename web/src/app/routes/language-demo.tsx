// Language demo (/language-demo): the demo page with the interface language switch of features/i18n.
import { useSwitchLanguage } from '@/features/i18n/hooks/use-switch-language';
import { LanguageDemo } from '@/features/language-demo/components/language-demo';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LanguageDemoRoute() {
  const t = useT();
  useDocumentTitle(t.languageDemo.title);
  return <LanguageDemo onSwitch={useSwitchLanguage()} />;
}
