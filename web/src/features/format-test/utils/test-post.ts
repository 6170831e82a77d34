// The post that 'Create Test Post' sends: the topic as title, the generated markdown as content,
// its first 150 characters of plain text as excerpt, category 'Fintech', Czech and published.

export const TEST_POST_EXCERPT_LENGTH = 150;

export interface TestPostPayload {
  title: string;
  content: string;
  excerpt: string;
  category: string;
  coverImage: string;
  language: 'cs';
  published: true;
}

/** The readable text of markdown: no heading, list, quote or emphasis marks, links as their text. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]*#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*>[ \t]?/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+\.)[ \t]+/gm, '')
    .replace(/(\*\*|__|\*|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function testPostExcerpt(markdown: string): string {
  return markdownToPlainText(markdown).slice(0, TEST_POST_EXCERPT_LENGTH).trim();
}

export function testPostPayload(topic: string, content: string): TestPostPayload {
  return {
    title: topic.trim(),
    content,
    excerpt: testPostExcerpt(content),
    category: 'Fintech',
    coverImage: '',
    language: 'cs',
    published: true,
  };
}

/** Create Test Post needs a topic and generated content (spec §5), and nothing under way. */
export function canCreateTestPost(topic: string, content: string | null, isBusy: boolean): boolean {
  return topic.trim() !== '' && content !== null && content.trim() !== '' && !isBusy;
}
