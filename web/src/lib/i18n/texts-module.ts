// Texts read by a few screens only (authors', admins', the demo pages'), in both languages. They
// live in modules of their own that load with those screens, not in the shared dictionaries every
// first visit downloads (the reader's budget has no room for them). texts-modules.test.ts finds
// every such module (named *texts.ts) and checks that both languages have the same keys.
import type { Widen } from './dictionary';
import type { Language } from './language';
import { useLanguage } from './use-t';

/** The texts of each language, and the hook that reads those of the current interface language. */
export type TextsModule<T> = readonly [Readonly<Record<Language, T>>, () => T];

/**
 * One texts module: `en` gives the shape and Czech must have exactly its keys at every depth
 * (a missing or an extra key does not compile), e.g.
 * `export const [fooTexts, useFooTexts] = defineTexts({ en: {...}, cs: {...} });`
 */
export function defineTexts<E>(texts: {
  readonly en: E;
  readonly cs: NoInfer<Widen<E>>;
}): TextsModule<Widen<E>> {
  const byLanguage: Readonly<Record<Language, Widen<E>>> = {
    en: texts.en as Widen<E>,
    cs: texts.cs,
  };
  const useTexts = () => byLanguage[useLanguage()];
  return [byLanguage, useTexts];
}
