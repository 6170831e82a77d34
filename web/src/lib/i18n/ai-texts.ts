// Texts of the AI content generator, in both languages. They live beside the code that loads on demand, not in the
// shared dictionaries every first visit downloads (the reader's budget has no room for them);
// ai-texts.test.ts keeps the key sets equal.
import type { Widen } from './dictionary';
import type { Language } from './language';
import { useLanguage } from './use-t';

const en = {
  title: 'AI Content Generator',
  description: 'Generate an article, an outline or an introduction and add it to the editor.',
  quickOptions: 'Quick Options',
  customPrompt: 'Custom Prompt',
  contentType: 'Content type',
  topic: 'Topic',
  length: 'Length',
  language: 'Language',
  contentTypes: {
    full: 'Full article',
    outline: 'Outline',
    introduction: 'Introduction only',
  },
  topics: {
    'digital-payments': 'Digital payments',
    'mobile-wallets': 'Mobile wallets',
    cryptocurrency: 'Cryptocurrency',
    blockchain: 'Blockchain',
    'fintech-trends': 'Fintech trends',
    'payment-security': 'Payment security',
    'open-banking': 'Open banking',
    'regulatory-compliance': 'Regulatory compliance',
    'payment-innovation': 'Payment innovation',
    'cross-border-payments': 'Cross-border payments',
  },
  lengths: {
    short: 'Short (300-500 words)',
    medium: 'Medium (500-800 words)',
    long: 'Long (800-1200 words)',
  },
  languages: {
    en: 'English',
    cs: 'Czech',
    es: 'Spanish',
    fr: 'French',
    de: 'German',
  },
  prompt: 'Prompt',
  promptPlaceholder:
    'Describe what to write, e.g. an article about instant payments in Europe with a conclusion.',
  promptHint: "Ask for markdown with '#' and '##' headings to get headings in the editor.",
  generate: 'Generate Content',
  generating: 'Generating...',
  generated: 'Content generated',
  generatedDescription: 'AI-generated content has been added to the editor.',
  failed: 'Generation failed',
  failedDescription: 'There was an error generating the content. Please try again.',
  serverMessage: 'Server message: {message}',
};

export type AiTexts = Widen<typeof en>;

const cs: AiTexts = {
  title: 'Generátor obsahu s AI',
  description: 'Vygenerujte článek, osnovu nebo úvod a vložte je do editoru.',
  quickOptions: 'Rychlé volby',
  customPrompt: 'Vlastní zadání',
  contentType: 'Typ obsahu',
  topic: 'Téma',
  length: 'Délka',
  language: 'Jazyk',
  contentTypes: {
    full: 'Celý článek',
    outline: 'Osnova',
    introduction: 'Pouze úvod',
  },
  topics: {
    'digital-payments': 'Digitální platby',
    'mobile-wallets': 'Mobilní peněženky',
    cryptocurrency: 'Kryptoměny',
    blockchain: 'Blockchain',
    'fintech-trends': 'Trendy ve fintechu',
    'payment-security': 'Bezpečnost plateb',
    'open-banking': 'Otevřené bankovnictví',
    'regulatory-compliance': 'Dodržování regulací',
    'payment-innovation': 'Inovace v platbách',
    'cross-border-payments': 'Přeshraniční platby',
  },
  lengths: {
    short: 'Krátký (300–500 slov)',
    medium: 'Střední (500–800 slov)',
    long: 'Dlouhý (800–1200 slov)',
  },
  languages: {
    en: 'Angličtina',
    cs: 'Čeština',
    es: 'Španělština',
    fr: 'Francouzština',
    de: 'Němčina',
  },
  prompt: 'Zadání',
  promptPlaceholder:
    'Popište, co se má napsat, např. článek o okamžitých platbách v Evropě se závěrem.',
  promptHint: "Požádejte o markdown s nadpisy '#' a '##', aby se v editoru objevily nadpisy.",
  generate: 'Generovat obsah',
  generating: 'Generuji...',
  generated: 'Obsah vygenerován',
  generatedDescription: 'Obsah vygenerovaný pomocí AI byl vložen do editoru.',
  failed: 'Generování selhalo',
  failedDescription: 'Při generování obsahu došlo k chybě. Zkuste to prosím znovu.',
  serverMessage: 'Zpráva serveru: {message}',
};

export const aiTexts: Readonly<Record<Language, AiTexts>> = { en, cs };

export function useAiTexts(): AiTexts {
  return aiTexts[useLanguage()];
}
