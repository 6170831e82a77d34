// Counted phrases ('N results', 'N results in Czech posts — show them') with the plural form the
// language needs (Czech has one, few and many).
import { interpolate, type Dictionary, type Language } from '@/lib/i18n';

export interface PluralForms {
  one: string;
  few: string;
  many: string;
  other: string;
}

export function pluralText(forms: PluralForms, language: Language, count: number): string {
  const rule = new Intl.PluralRules(language).select(count);
  return interpolate(rule in forms ? forms[rule as keyof PluralForms] : forms.other, { count });
}

export function resultCountText(t: Dictionary, language: Language, count: number): string {
  return pluralText(t.search.resultCount, language, count);
}
