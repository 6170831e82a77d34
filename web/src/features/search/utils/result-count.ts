// 'N results' with the plural form the language needs (Czech has one, few and many).
import { interpolate, type Dictionary, type Language } from '@/lib/i18n';

export function resultCountText(t: Dictionary, language: Language, count: number): string {
  const forms = t.search.resultCount;
  const rule = new Intl.PluralRules(language).select(count);
  const template =
    rule === 'one'
      ? forms.one
      : rule === 'few'
        ? forms.few
        : rule === 'many'
          ? forms.many
          : forms.other;
  return interpolate(template, { count });
}
