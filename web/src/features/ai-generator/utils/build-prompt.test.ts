import { describe, expect, it } from 'vitest';

import { buildPrompt, canGenerate } from './build-prompt';
import {
  AI_LANGUAGES,
  CONTENT_TYPES,
  DEFAULT_QUICK_OPTIONS,
  LENGTHS,
  TOPICS,
  pickOption,
} from './options';

describe('quick options', () => {
  it('hold the spec lists and defaults', () => {
    expect(CONTENT_TYPES).toEqual(['full', 'outline', 'introduction']);
    expect(TOPICS).toHaveLength(10);
    expect(LENGTHS).toEqual(['short', 'medium', 'long']);
    expect(AI_LANGUAGES).toEqual(['en', 'cs', 'es', 'fr', 'de']);
    expect(DEFAULT_QUICK_OPTIONS).toEqual({
      contentType: 'full',
      topic: 'digital-payments',
      length: 'medium',
      language: 'en',
    });
  });

  it('narrow a Select value and keep the current one for anything unknown', () => {
    expect(pickOption(LENGTHS, 'long', 'medium')).toBe('long');
    expect(pickOption(LENGTHS, 'huge', 'medium')).toBe('medium');
  });
});

describe('buildPrompt', () => {
  it('asks by default for a full English article on digital payments of 500-800 words', () => {
    const prompt = buildPrompt(DEFAULT_QUICK_OPTIONS);
    expect(prompt).toContain('Write a full blog article about digital payments');
    expect(prompt).toContain('500-800 words');
    expect(prompt).toContain('Write it in English.');
    expect(prompt).toContain("'#' heading");
    expect(prompt).toContain("'##' headings");
    expect(prompt).toContain('markdown');
  });

  it.each([
    ['full', 'Write a full blog article about'],
    ['outline', 'Write a detailed outline for a blog article about'],
    ['introduction', 'Write only the introduction of a blog article about'],
  ] as const)('names the content type %s', (contentType, text) => {
    expect(buildPrompt({ ...DEFAULT_QUICK_OPTIONS, contentType })).toContain(text);
  });

  it.each([
    ['digital-payments', 'digital payments'],
    ['mobile-wallets', 'mobile wallets'],
    ['cryptocurrency', 'cryptocurrency'],
    ['blockchain', 'blockchain'],
    ['fintech-trends', 'fintech trends'],
    ['payment-security', 'payment security'],
    ['open-banking', 'open banking'],
    ['regulatory-compliance', 'regulatory compliance'],
    ['payment-innovation', 'payment innovation'],
    ['cross-border-payments', 'cross-border payments'],
  ] as const)('names the topic %s', (topic, text) => {
    expect(buildPrompt({ ...DEFAULT_QUICK_OPTIONS, topic })).toContain(`about ${text} for`);
  });

  it.each([
    ['short', '300-500 words'],
    ['medium', '500-800 words'],
    ['long', '800-1200 words'],
  ] as const)('gives the word range of %s', (length, text) => {
    expect(buildPrompt({ ...DEFAULT_QUICK_OPTIONS, length })).toContain(text);
  });

  it.each([
    ['en', 'English'],
    ['cs', 'Czech'],
    ['es', 'Spanish'],
    ['fr', 'French'],
    ['de', 'German'],
  ] as const)('names the language %s', (language, name) => {
    expect(buildPrompt({ ...DEFAULT_QUICK_OPTIONS, language })).toContain(`Write it in ${name}.`);
  });
});

describe('buildPrompt highlight headings', () => {
  it('asks a full English article for the Key Points and Conclusion headings', () => {
    const prompt = buildPrompt(DEFAULT_QUICK_OPTIONS);
    expect(prompt).toContain("'## Key Points' section");
    expect(prompt).toContain("'## Conclusion' section");
  });

  it('asks a full Czech article for the Czech headings, not the English ones', () => {
    const prompt = buildPrompt({ ...DEFAULT_QUICK_OPTIONS, language: 'cs' });
    expect(prompt).toContain("'## Klíčové body' section");
    expect(prompt).toContain("'## Závěr' section");
    expect(prompt).not.toContain('Key Points');
    expect(prompt).not.toContain('Conclusion');
  });

  it('asks no boxes of an outline or an introduction', () => {
    for (const contentType of ['outline', 'introduction'] as const) {
      const prompt = buildPrompt({ ...DEFAULT_QUICK_OPTIONS, language: 'cs', contentType });
      expect(prompt).not.toContain('Klíčové body');
    }
  });
});

describe('canGenerate', () => {
  it('refuses an empty or blank prompt and any prompt while generating', () => {
    expect(canGenerate('', false)).toBe(false);
    expect(canGenerate(' \n\t ', false)).toBe(false);
    expect(canGenerate('Write about wallets', true)).toBe(false);
    expect(canGenerate('Write about wallets', false)).toBe(true);
  });
});
