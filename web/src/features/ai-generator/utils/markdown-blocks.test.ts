import { describe, expect, it } from 'vitest';

import { escapeHtml, markdownBlocksToHtml } from './markdown-blocks';

describe('markdownBlocksToHtml', () => {
  it("turns '# ', '## ' and '### ' blocks into h1, h2 and h3", () => {
    expect(markdownBlocksToHtml('# Title\n\n## Section\n\n### Detail')).toBe(
      '<h1>Title</h1><h2>Section</h2><h3>Detail</h3>',
    );
  });

  it('makes every other block a paragraph, split on blank lines', () => {
    expect(markdownBlocksToHtml('First paragraph.\n\nSecond one.\n \nThird.')).toBe(
      '<p>First paragraph.</p><p>Second one.</p><p>Third.</p>',
    );
  });

  it('keeps single line breaks inside a paragraph', () => {
    expect(markdownBlocksToHtml('line one\nline two')).toBe('<p>line one<br>line two</p>');
  });

  it('needs the space after the hashes to see a heading', () => {
    expect(markdownBlocksToHtml('#hashtag\n\n####  four')).toBe('<p>#hashtag</p><p>####  four</p>');
  });

  it('keeps lines after a heading without a blank line as a paragraph', () => {
    expect(markdownBlocksToHtml('## Key Points\nFirst point')).toBe(
      '<h2>Key Points</h2><p>First point</p>',
    );
  });

  it('escapes HTML in headings and paragraphs', () => {
    expect(markdownBlocksToHtml('# <b>Fees</b> & "costs"\n\n<script>alert(1)</script>')).toBe(
      '<h1>&lt;b&gt;Fees&lt;/b&gt; &amp; &quot;costs&quot;</h1><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('shows **bold** spans in bold', () => {
    expect(markdownBlocksToHtml('**První bod:** okamžité platby')).toBe(
      '<p><strong>První bod:</strong> okamžité platby</p>',
    );
  });

  it('ignores Windows line endings, surrounding and repeated blank lines', () => {
    expect(markdownBlocksToHtml('\r\n# Title\r\n\r\n\r\nText\r\n\r\n')).toBe(
      '<h1>Title</h1><p>Text</p>',
    );
    expect(markdownBlocksToHtml('   \n\n ')).toBe('');
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
