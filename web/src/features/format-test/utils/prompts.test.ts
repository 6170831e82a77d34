import { describe, expect, it } from 'vitest';

import { buildFormatTestPrompt, canGenerateFor } from './prompts';

describe('buildFormatTestPrompt', () => {
  it('asks for an English markdown article about the trimmed topic', () => {
    const prompt = buildFormatTestPrompt('  Contactless payments ', 'en');
    expect(prompt).toContain('Write a blog article in English about "Contactless payments"');
    expect(prompt).toContain("'#' heading");
    expect(prompt).toContain("'##' headings");
    expect(prompt).not.toContain('Czech');
    expect(prompt).toContain("'## Key Points' section");
    expect(prompt).toContain("'## Conclusion' section");
  });

  it('asks the Czech page for Czech content with at least five points in double asterisks', () => {
    const prompt = buildFormatTestPrompt('Okamžité platby', 'cs');
    expect(prompt).toContain('in Czech about "Okamžité platby"');
    expect(prompt).toContain('Write all of the text in Czech.');
    expect(prompt).toContain('at least five points');
    expect(prompt).toContain('double asterisks');
    expect(prompt).toContain('**První bod:**');
  });

  it('asks the Czech page for the Czech highlight headings, not the English ones', () => {
    const prompt = buildFormatTestPrompt('Okamžité platby', 'cs');
    expect(prompt).toContain("'## Klíčové body' section");
    expect(prompt).toContain("'## Závěr' section");
    expect(prompt).not.toContain('Key Points');
    expect(prompt).not.toContain('Conclusion');
  });
});

describe('canGenerateFor', () => {
  it('needs a topic that is not blank and no generation under way', () => {
    expect(canGenerateFor('', false)).toBe(false);
    expect(canGenerateFor('   ', false)).toBe(false);
    expect(canGenerateFor('Wallets', true)).toBe(false);
    expect(canGenerateFor('Wallets', false)).toBe(true);
  });
});
