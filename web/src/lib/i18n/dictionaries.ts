// The dictionaries by language, and `{name}` placeholder filling. English is built in; Czech is
// a chunk of its own, loaded before the app renders for a reader who chose it, so that nobody
// downloads both.
import type { Dictionary } from './dictionary';
import { en } from './en';
import type { Language } from './language';

const loaded: Partial<Record<Language, Dictionary>> = { en };

/** The dictionary of `language`; English until loadDictionary(language) has finished. */
export function dictionaryFor(language: Language): Dictionary {
  return loaded[language] ?? en;
}

/** Loads the dictionary of `language` (at once for English). Rejects when its chunk fails. */
export async function loadDictionary(language: Language): Promise<void> {
  if (loaded[language]) return;
  loaded.cs = (await import('./cs')).cs;
}

/** Replaces each `{name}` in the template; a placeholder without a value is left as it is. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
