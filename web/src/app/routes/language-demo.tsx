// Language demo (/language-demo): the demo page with the interface language switch of features/i18n.
import { useLanguageDemoTexts } from '@/lib/i18n/language-demo-texts';
import { useSwitchLanguage } from '@/features/i18n/hooks/use-switch-language';
import { LanguageDemo } from '@/features/language-demo/components/language-demo';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LanguageDemoRoute() {
  const demoT = useLanguageDemoTexts();
  useDocumentTitle(demoT.title);
  return <LanguageDemo onSwitch={useSwitchLanguage()} />;
}
