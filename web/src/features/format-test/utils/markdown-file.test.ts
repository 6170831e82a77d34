import { afterEach, describe, expect, it, vi } from 'vitest';

import { downloadMarkdown, markdownFileName } from './markdown-file';

describe('markdownFileName', () => {
  it('makes a .md name from the topic, without diacritics', () => {
    expect(markdownFileName('Okamžité platby v Česku!')).toBe('okamzite-platby-v-cesku.md');
    expect(markdownFileName('  Open Banking & PSD3  ')).toBe('open-banking-psd3.md');
  });

  it('falls back to format-test.md', () => {
    expect(markdownFileName('')).toBe('format-test.md');
    expect(markdownFileName('???')).toBe('format-test.md');
  });
});

describe('downloadMarkdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('clicks a download link to a markdown Blob and frees the URL afterwards', () => {
    vi.useFakeTimers();
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:markdown';
    });
    const revokeObjectURL = vi.fn();
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = revokeObjectURL;
      },
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });

    downloadMarkdown('# Title', 'title.md');

    expect(clicked).toHaveLength(1);
    const [link] = clicked;
    if (!link) throw new Error('no link was clicked');
    expect(link.download).toBe('title.md');
    expect(link.getAttribute('href')).toBe('blob:markdown');
    expect(link.isConnected).toBe(false);
    expect(created[0]?.type).toBe('text/markdown;charset=utf-8');
    expect(created[0]?.size).toBe('# Title'.length);
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:markdown');
  });
});
