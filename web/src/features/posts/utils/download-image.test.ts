import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/testing/test-utils';

import { coverFileName, downloadImage, ownUploadUrl } from './download-image';

const origin = window.location.origin;

describe('ownUploadUrl', () => {
  it('accepts the blog’s own uploads, relative or absolute', () => {
    expect(ownUploadUrl('/uploads/abc.png')?.pathname).toBe('/uploads/abc.png');
    expect(ownUploadUrl(`${origin}/uploads/abc-960.webp`)?.pathname).toBe('/uploads/abc-960.webp');
  });

  it('refuses other sites, other paths, tricks with dots and non-http URLs', () => {
    for (const url of [
      'https://evil.example/uploads/abc.png',
      '//evil.example/uploads/abc.png',
      '/api/user',
      '/covers/fintech-1.svg',
      '/uploads/../api/user',
      '/uploads/%2e%2e/api/user',
      '/uploadsx/abc.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      `${origin.replace('://', '://user:pass@')}/uploads/abc.png`,
    ]) {
      expect(ownUploadUrl(url), url).toBeNull();
    }
  });
});

describe('coverFileName', () => {
  it('names the file cover-image with the extension of its type', () => {
    expect(coverFileName('image/jpeg')).toBe('cover-image.jpg');
    expect(coverFileName('image/png')).toBe('cover-image.png');
    expect(coverFileName('image/gif')).toBe('cover-image.gif');
    expect(coverFileName('image/webp; charset=binary')).toBe('cover-image.webp');
    expect(coverFileName('image/svg+xml')).toBeNull();
    expect(coverFileName('text/html')).toBeNull();
    expect(coverFileName(null)).toBeNull();
  });
});

describe('downloadImage', () => {
  const clicked: string[] = [];

  beforeEach(() => {
    clicked.length = 0;
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:cover'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('fetches an upload same-origin without following redirects and saves it as cover-image.<ext>', async () => {
    const fetchMock = mockFetch(
      () => new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } }),
    );
    await expect(downloadImage(`${origin}/uploads/abc.png`)).resolves.toBe('cover-image.png');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/uploads/abc.png');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      credentials: 'same-origin',
      redirect: 'error',
    });
    expect(clicked).toEqual(['cover-image.png']);
  });

  it('never asks another site, nor sends it credentials', async () => {
    const fetchMock = mockFetch(() => new Response('x', { status: 200 }));
    await expect(downloadImage('https://evil.example/uploads/a.png')).rejects.toThrow();
    await expect(downloadImage('/api/user')).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(clicked).toEqual([]);
  });

  it('refuses an answer that is not a JPEG, PNG, GIF or WebP image', async () => {
    mockFetch(
      () => new Response('<svg/>', { status: 200, headers: { 'Content-Type': 'image/svg+xml' } }),
    );
    await expect(downloadImage('/uploads/hero.svg')).rejects.toThrow();
    expect(clicked).toEqual([]);
  });
});
