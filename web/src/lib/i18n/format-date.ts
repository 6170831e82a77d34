// Dates as readers expect them: 'March 5, 2024' in English, '5. března 2024' in Czech.
import { format, isValid, parseISO } from 'date-fns';
import { cs, enUS } from 'date-fns/locale';

import type { Language } from './language';

const formats = {
  en: { pattern: 'MMMM d, yyyy', locale: enUS },
  cs: { pattern: 'd. MMMM yyyy', locale: cs },
} as const;

/** Formats a Date or ISO string; an unparseable value gives an empty string. */
export function formatDate(value: Date | string, language: Language): string {
  const date = typeof value === 'string' ? parseISO(value) : value;
  if (!isValid(date)) return '';
  const { pattern, locale } = formats[language];
  return format(date, pattern, { locale });
}
