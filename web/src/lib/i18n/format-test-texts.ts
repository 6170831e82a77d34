// Texts of the format test pages, in both languages, loaded with them (see texts-module.ts).
import { defineTexts } from './texts-module';

export const [formatTestTexts, useFormatTestTexts] = defineTexts({
  en: {
    title: 'Format Test',
    czechTitle: 'Czech Format Test',
    description: 'Generate an English markdown article with the AI generator and check its format.',
    czechDescription:
      'Generate a Czech markdown article with at least five points in bold and check its format.',
    topic: 'Topic',
    topicPlaceholder: 'e.g. Contactless payments in Europe',
    generate: 'Generate',
    generating: 'Generating...',
    viewPrompt: 'View prompt',
    hidePrompt: 'Hide prompt',
    promptTitle: 'Prompt sent to the AI generator',
    download: 'Download',
    createTestPost: 'Create Test Post',
    creating: 'Creating...',
    result: 'Generated markdown',
    empty: 'Enter a topic and press Generate to see the markdown here.',
    error: 'Error generating content. Please try again.',
    serverMessage: 'Server message: {message}',
    createFailed: 'Failed to create test post',
  },
  cs: {
    title: 'Test formátování',
    czechTitle: 'Test českého formátování',
    description: 'Vygenerujte pomocí AI anglický článek v markdownu a zkontrolujte jeho formát.',
    czechDescription:
      'Vygenerujte český článek v markdownu s alespoň pěti body označenými tučně a zkontrolujte jeho formát.',
    topic: 'Téma',
    topicPlaceholder: 'např. Bezkontaktní platby v Evropě',
    generate: 'Generovat',
    generating: 'Generuji...',
    viewPrompt: 'Zobrazit zadání',
    hidePrompt: 'Skrýt zadání',
    promptTitle: 'Zadání odeslané generátoru AI',
    download: 'Stáhnout',
    createTestPost: 'Vytvořit testovací příspěvek',
    creating: 'Vytvářím...',
    result: 'Vygenerovaný markdown',
    empty: 'Zadejte téma a stiskněte Generovat; markdown se zobrazí zde.',
    error: 'Chyba při generování obsahu. Zkuste to prosím znovu.',
    serverMessage: 'Zpráva serveru: {message}',
    createFailed: 'Testovací příspěvek se nepodařilo vytvořit',
  },
});
