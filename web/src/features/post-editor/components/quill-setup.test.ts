import { describe, expect, it } from 'vitest';

import {
  createEditor,
  EDITOR_FORMATS,
  editorHtml,
  fileFromDataUrl,
  sanitizeEditorHtml,
  setEditorHtml,
} from './quill-setup';

function newEditor() {
  const host = document.createElement('div');
  document.body.appendChild(host);
  return createEditor(host, 'placeholder');
}

describe('editorHtml', () => {
  it('is empty for an empty editor', () => {
    expect(editorHtml(newEditor())).toBe('');
  });

  it('gives semantic HTML with ordinary spaces, keeping repeated ones', () => {
    const quill = newEditor();
    setEditorHtml(quill, '<p>Open banking <strong>now</strong></p><ul><li>one</li></ul>');
    expect(editorHtml(quill)).toBe('<p>Open banking <strong>now</strong></p><ul><li>one</li></ul>');
    quill.setText('Two  spaces\n');
    expect(editorHtml(quill)).toBe('<p>Two &nbsp;spaces</p>');
  });
});

describe('formats', () => {
  it('has only the formats the toolbar offers in its registry', () => {
    const quill = newEditor();
    for (const name of EDITOR_FORMATS) expect(quill.scroll.query(name), name).not.toBeNull();
    for (const name of [
      'video',
      'formula',
      'code-block',
      'code',
      'color',
      'background',
      'font',
      'size',
      'script',
    ]) {
      expect(quill.scroll.query(name), name).toBeNull();
    }
  });

  it('turns a pasted <iframe> into nothing rather than a video embed', () => {
    const quill = newEditor();
    quill.clipboard.dangerouslyPasteHTML(
      '<iframe class="ql-video" src="https://evil.example/frame"></iframe><p>after</p>',
      'silent',
    );
    expect(quill.root.querySelector('iframe')).toBeNull();
    expect(editorHtml(quill)).toBe('<p>after</p>');
  });

  it('keeps every format of the toolbar', () => {
    const quill = newEditor();
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <a href="https://example.com/" rel="noopener noreferrer" target="_blank">l</a></p>' +
      '<blockquote>q</blockquote><ol><li>one</li></ol><ul><li>two</li></ul><p class="ql-indent-1">i</p><p class="ql-align-center">c</p>';
    setEditorHtml(quill, html);
    expect(editorHtml(quill)).toBe(html);
  });
});

describe('HTML loaded into the editor', () => {
  it('is sanitised first', () => {
    const dirty =
      '<p onclick="steal()">Hi<script>steal()</script><img src="https://x.example/a.png" onerror="steal()"></p>' +
      '<iframe src="https://evil.example/"></iframe><form><input name="password"></form><style>p{}</style>';
    const clean = sanitizeEditorHtml(dirty);
    expect(clean).toBe('<p>Hi<img src="https://x.example/a.png"></p>');
  });

  it('loses links and images whose URL is not allowed', () => {
    expect(
      sanitizeEditorHtml(
        '<p><a href="data:text/html;base64,PHNjcmlwdD4=">d</a><a href="javascript:alert(1)">j</a><img src="https://x.example/a.svg"></p>',
      ),
    ).toBe('<p><a>d</a><a>j</a></p>');
  });

  it('shows no element the sanitiser removed', () => {
    const quill = newEditor();
    setEditorHtml(
      quill,
      '<p><a href="data:text/html;base64,PHNjcmlwdD4=">text</a></p><iframe class="ql-video" src="https://evil.example/"></iframe>',
    );
    expect(quill.root.querySelector('a, iframe')).toBeNull();
    expect(editorHtml(quill)).toBe('<p>text</p>');
  });
});

describe('link and image rules', () => {
  it('keeps http, https and mailto links and neutralises other protocols', () => {
    const quill = newEditor();
    quill.setText('a b c d\n');
    quill.formatText(0, 1, 'link', 'https://example.com/a');
    quill.formatText(2, 1, 'link', 'javascript:alert(1)');
    quill.formatText(4, 1, 'link', 'mailto:x@example.com');
    quill.formatText(6, 1, 'link', 'data:text/html;base64,PHNjcmlwdD4=');
    const hrefs = [...quill.root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://example.com/a',
      'about:blank',
      'mailto:x@example.com',
      'about:blank',
    ]);
  });

  it('accepts base64 data images', () => {
    const quill = newEditor();
    const data = 'data:image/png;base64,iVBORw0KGgo=';
    setEditorHtml(quill, `<p><img src="${data}"></p>`);
    expect(quill.root.querySelector('img')?.getAttribute('src')).toBe(data);
  });
});

describe('pasted base64 images', () => {
  it('become files to upload, of the types the server takes only', () => {
    const file = fileFromDataUrl('data:image/png;base64,iVBORw0KGgo=');
    expect(file?.type).toBe('image/png');
    expect(file?.name).toBe('pasted-image.png');
    // iVBORw0KGgo= is the 8-byte PNG signature.
    expect(file?.size).toBe(8);
    expect(fileFromDataUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
    expect(fileFromDataUrl('data:image/png;base64,@@@')).toBeNull();
    expect(fileFromDataUrl('/uploads/a.png')).toBeNull();
  });
});
