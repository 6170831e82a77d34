import { describe, expect, it } from 'vitest';

import { editorTexts } from '@/lib/i18n/editor-texts';
import type { Post } from '@/types/api';

import {
  applyTranslation,
  EMPTY_POST_VALUES,
  editorHtmlOf,
  fromLocalDateTimeInput,
  isContentEmpty,
  toLocalDateTimeInput,
  toPostPayload,
  validatePost,
  valuesFromPost,
} from './post-form';

const { en } = editorTexts;

const post: Post = {
  id: 4,
  title: 'Instant payments',
  slug: 'instant-payments',
  content: '## Key Points\n\nMoney moves in seconds.',
  contentHtml: '<h2>Key Points</h2><p>Money moves in seconds.</p>',
  excerpt: 'Fast money',
  category: 'Fintech',
  coverImage: '/uploads/cover.png',
  published: false,
  language: 'cs',
  publishedAt: '2025-03-05T14:30:00.000Z',
  authorId: 1,
  authorName: 'admin',
  createdAt: '2025-03-01T10:00:00Z',
  updatedAt: '2025-03-01T10:00:00Z',
};

describe('validatePost', () => {
  it('requires a title, a category and content', () => {
    expect(validatePost(EMPTY_POST_VALUES, en)).toEqual({
      title: 'Title is required',
      category: 'Category is required',
      content: 'Content is required',
    });
  });

  it('counts blank titles and empty editor markup as missing', () => {
    const errors = validatePost(
      { ...EMPTY_POST_VALUES, title: '   ', category: 'Fintech', content: '<p><br></p>' },
      en,
    );
    expect(errors).toEqual({ title: 'Title is required', content: 'Content is required' });
  });

  it('passes a complete post', () => {
    expect(
      validatePost(
        { ...EMPTY_POST_VALUES, title: 'A', category: 'Fintech', content: '<p>x</p>' },
        en,
      ),
    ).toEqual({});
  });
});

describe('isContentEmpty', () => {
  it('sees text and images as content', () => {
    expect(isContentEmpty('')).toBe(true);
    expect(isContentEmpty('<p>&nbsp;</p><p><br></p>')).toBe(true);
    expect(isContentEmpty('<p><img src="/a.png"></p>')).toBe(false);
    expect(isContentEmpty('plain markdown')).toBe(false);
  });
});

describe('toPostPayload', () => {
  it('trims, derives an empty slug from the title and leaves out an empty date', () => {
    const payload = toPostPayload({
      ...EMPTY_POST_VALUES,
      title: '  Platební karty v roce 2025 ',
      category: 'Fintech',
      content: '<p>x</p>',
      excerpt: ' short ',
    });
    expect(payload).toEqual({
      title: 'Platební karty v roce 2025',
      slug: 'platebni-karty-v-roce-2025',
      content: '<p>x</p>',
      excerpt: 'short',
      category: 'Fintech',
      coverImage: '',
      language: 'en',
      published: true,
      sendNewsletter: true,
    });
  });

  it('normalises a typed slug and sends the publication date as ISO', () => {
    const payload = toPostPayload({
      ...EMPTY_POST_VALUES,
      title: 'Title',
      slug: 'My Own Slug!',
      published: false,
      publishedAt: '2030-01-02T09:15',
    });
    expect(payload.slug).toBe('my-own-slug');
    expect(payload.published).toBe(false);
    expect(payload.publishedAt).toBe(new Date(2030, 0, 2, 9, 15).toISOString());
  });
});

describe('loading a post', () => {
  it('fills the form from the post', () => {
    expect(valuesFromPost(post)).toEqual({
      title: 'Instant payments',
      slug: 'instant-payments',
      category: 'Fintech',
      language: 'cs',
      excerpt: 'Fast money',
      coverImage: '/uploads/cover.png',
      content: post.content,
      published: false,
      publishedAt: toLocalDateTimeInput(post.publishedAt),
    });
  });

  it('shows markdown posts through their rendering and HTML posts as they are', () => {
    expect(editorHtmlOf(post)).toBe(post.contentHtml);
    expect(editorHtmlOf({ content: '<p>Hi</p>', contentHtml: '<p>Hi</p>' })).toBe('<p>Hi</p>');
  });

  it('converts between ISO timestamps and datetime-local values', () => {
    const local = toLocalDateTimeInput('2025-03-05T14:30:00.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalDateTimeInput(local)).toBe('2025-03-05T14:30:00.000Z');
    expect(toLocalDateTimeInput('not a date')).toBe('');
    expect(fromLocalDateTimeInput('')).toBeUndefined();
  });
});

describe('applyTranslation', () => {
  const current = {
    ...EMPTY_POST_VALUES,
    title: 'Okamžité platby',
    slug: 'okamzite-platby',
    excerpt: 'Rychlé peníze',
    content: '<p>Text</p>',
  };

  it('takes the translated title, excerpt and content, and a slug from the new title', () => {
    const next = applyTranslation(
      current,
      { title: 'Instant payments', excerpt: 'Fast money', content: '<p>Money</p>' },
      false,
    );
    expect(next).toMatchObject({
      title: 'Instant payments',
      slug: 'instant-payments',
      excerpt: 'Fast money',
      content: '<p>Money</p>',
    });
  });

  it('keeps what the form has where the model gave nothing (a Markdown answer without a heading)', () => {
    const next = applyTranslation(
      current,
      { title: '  ', excerpt: '', content: '<p>Money</p>' },
      false,
    );
    expect(next).toMatchObject({
      title: 'Okamžité platby',
      slug: 'okamzite-platby',
      excerpt: 'Rychlé peníze',
      content: '<p>Money</p>',
    });
  });

  it('keeps a slug the author edited', () => {
    const next = applyTranslation(
      { ...current, slug: 'my-own' },
      { title: 'Instant payments', excerpt: 'Fast money', content: '<p>Money</p>' },
      true,
    );
    expect(next.slug).toBe('my-own');
  });
});
