// Dates as readers expect them: 'March 5, 2024' in English, '5. března 2024' in Czech.
// The browser's Intl does it, so a reader's page carries no date library.
import type { Language } from './language';

const formats: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }),
  cs: new Intl.DateTimeFormat('cs-CZ', { day: 'numeric', month: 'long', year: 'numeric' }),
};

/** Formats a Date or ISO string; an unparseable value gives an empty string. */
export function formatDate(value: Date | string, language: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return formats[language].format(date);
}
