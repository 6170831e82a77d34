// Both dictionaries by language, and `{name}` placeholder filling.
import { cs } from './cs';
import type { Dictionary } from './dictionary';
import { en } from './en';
import type { Language } from './language';

export const dictionaries: Record<Language, Dictionary> = { en, cs };

/** Replaces each `{name}` in the template; a placeholder without a value is left as it is. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
