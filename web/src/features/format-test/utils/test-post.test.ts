import { describe, expect, it } from 'vitest';

import {
  canCreateTestPost,
  markdownToPlainText,
  testPostExcerpt,
  testPostPayload,
} from './test-post';

const ARTICLE = `# Testovací článek o platbách

## Key Points

**První bod:** okamžité platby mění očekávání zákazníků.

**Druhý bod:** tokenizace chrání data karet.

- [Odkaz](https://example.com) a \`kód\`
> citace`;

describe('markdownToPlainText', () => {
  it('drops heading, emphasis, list, quote and code marks and keeps link texts', () => {
    expect(markdownToPlainText(ARTICLE)).toBe(
      'Testovací článek o platbách Key Points První bod: okamžité platby mění očekávání zákazníků. Druhý bod: tokenizace chrání data karet. Odkaz a kód citace',
    );
  });
});

describe('testPostExcerpt', () => {
  it('is the first 150 characters of the plain text', () => {
    const excerpt = testPostExcerpt(ARTICLE);
    expect(excerpt).toHaveLength(150);
    expect(markdownToPlainText(ARTICLE).startsWith(excerpt)).toBe(true);
    expect(testPostExcerpt('# Short')).toBe('Short');
  });
});

describe('testPostPayload', () => {
  it('sends the topic as title, the markdown, the excerpt, Fintech, Czech, published, no cover', () => {
    expect(testPostPayload('  Okamžité platby ', ARTICLE)).toEqual({
      title: 'Okamžité platby',
      content: ARTICLE,
      excerpt: testPostExcerpt(ARTICLE),
      category: 'Fintech',
      coverImage: '',
      language: 'cs',
      published: true,
    });
  });
});

describe('canCreateTestPost', () => {
  it('needs both a topic and generated content, and nothing under way', () => {
    expect(canCreateTestPost('Topic', ARTICLE, false)).toBe(true);
    expect(canCreateTestPost(' ', ARTICLE, false)).toBe(false);
    expect(canCreateTestPost('Topic', null, false)).toBe(false);
    expect(canCreateTestPost('Topic', '  ', false)).toBe(false);
    expect(canCreateTestPost('Topic', ARTICLE, true)).toBe(false);
  });
});
