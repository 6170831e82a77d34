import { describe, expect, it } from 'vitest';

import { isAllowedImageUrl, isAllowedLinkUrl } from './content-urls';

describe('isAllowedLinkUrl', () => {
  it('allows http, https, mailto and relative URLs only', () => {
    expect(isAllowedLinkUrl('https://example.com/a')).toBe(true);
    expect(isAllowedLinkUrl('http://example.com')).toBe(true);
    expect(isAllowedLinkUrl('mailto:someone@example.com')).toBe(true);
    expect(isAllowedLinkUrl('/post/open-banking')).toBe(true);
    expect(isAllowedLinkUrl('javascript:alert(1)')).toBe(false);
    expect(isAllowedLinkUrl(' JavaScript:alert(1)')).toBe(false);
    expect(isAllowedLinkUrl('data:text/html;base64,PHNjcmlwdD4=')).toBe(false);
    expect(isAllowedLinkUrl('data:text/plain;base64,SGk=')).toBe(false);
    expect(isAllowedLinkUrl('ftp://example.com/file')).toBe(false);
  });
});

describe('isAllowedImageUrl', () => {
  it('accepts .jpg, .jpeg, .gif, .png and .webp files over http(s)', () => {
    for (const url of [
      'https://cdn.example.com/a.jpg',
      'https://cdn.example.com/a.JPEG',
      'http://cdn.example.com/a.gif',
      '/uploads/chart.png',
      // The server keeps an uploaded WebP as .webp: the editor must keep what it uploaded.
      '/uploads/photo.webp',
      'https://cdn.example.com/a.png?width=400',
    ]) {
      expect(isAllowedImageUrl(url), url).toBe(true);
    }
  });

  it('accepts base64 data images', () => {
    expect(isAllowedImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isAllowedImageUrl('data:image/gif;base64,R0lGOD')).toBe(true);
  });

  it('refuses other files, other protocols and non-base64 data', () => {
    for (const url of [
      'https://cdn.example.com/a.svg',
      'https://cdn.example.com/image',
      'javascript:alert(1)//a.png',
      'ftp://cdn.example.com/a.png',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png,rawbytes',
    ]) {
      expect(isAllowedImageUrl(url), url).toBe(false);
    }
  });
});
