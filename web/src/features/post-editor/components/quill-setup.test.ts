import { describe, expect, it } from 'vitest';

import { createEditor, editorHtml, setEditorHtml } from './quill-setup';

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

describe('link and image rules', () => {
  it('keeps http, https and data links and neutralises other protocols', () => {
    const quill = newEditor();
    setEditorHtml(
      quill,
      '<p><a href="https://example.com/a">a</a> <a href="javascript:alert(1)">b</a> <a href="mailto:x@example.com">c</a></p>',
    );
    const hrefs = [...quill.root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://example.com/a', 'about:blank', 'about:blank']);
  });

  it('accepts base64 data images', () => {
    const quill = newEditor();
    const data = 'data:image/png;base64,iVBORw0KGgo=';
    setEditorHtml(quill, `<p><img src="${data}"></p>`);
    expect(quill.root.querySelector('img')?.getAttribute('src')).toBe(data);
  });
});
