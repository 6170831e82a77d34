// Public face of the i18n module.
export type { Dictionary } from './dictionary';
export { dictionaryFor, interpolate, loadDictionary } from './dictionaries';
export { formatDate } from './format-date';
export {
  CONTENT_LANGUAGE_STORAGE_KEY,
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  parseLanguage,
  readStoredLanguage,
  syncLanguageCookies,
  type ContentLanguage,
  type Language,
} from './language';
export { useFormatDate, useLanguage, useT } from './use-t';
