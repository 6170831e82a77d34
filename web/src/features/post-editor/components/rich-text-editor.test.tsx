import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { RichTextEditor } from './rich-text-editor';

function Controlled({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        value={value}
        placeholder="Write your post content here..."
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
      />
      <button type="button" onClick={() => setValue('<h2>Generated</h2><p>New text</p>')}>
        replace
      </button>
    </>
  );
}

describe('RichTextEditor', () => {
  it('shows the snow toolbar of the spec and the given HTML', () => {
    render(<Controlled initial="<h2>Key Points</h2><p>Card payments</p>" onChange={vi.fn()} />);
    const editor = screen.getByTestId('content-editor');
    expect(editor).toHaveAttribute('contenteditable', 'true');
    expect(editor.querySelector('h2')).toHaveTextContent('Key Points');
    expect(editor).toHaveTextContent('Card payments');

    const toolbar = document.querySelector('.ql-toolbar');
    expect(toolbar).not.toBeNull();
    for (const format of [
      'bold',
      'italic',
      'underline',
      'strike',
      'blockquote',
      'list',
      'indent',
      'link',
      'image',
      'clean',
    ]) {
      expect(toolbar?.querySelector(`.ql-${format}`), format).not.toBeNull();
    }
    expect(toolbar?.querySelectorAll('.ql-header option')).toHaveLength(4);
    expect(toolbar?.querySelector('.ql-align')).not.toBeNull();
    expect(document.querySelectorAll('.ql-toolbar')).toHaveLength(1);
  });

  it('replaces the content when a new value comes from outside', () => {
    render(<Controlled initial="<p>Old</p>" onChange={vi.fn()} />);
    act(() => screen.getByRole('button', { name: 'replace' }).click());
    const editor = screen.getByTestId('content-editor');
    expect(editor.querySelector('h2')).toHaveTextContent('Generated');
    expect(editor).not.toHaveTextContent('Old');
  });

  it('drops images whose URL is not allowed and keeps allowed ones', () => {
    render(
      <Controlled
        initial={
          '<p>a<img src="https://cdn.example.com/chart.png">b<img src="https://cdn.example.com/x.svg">c<img src="javascript:alert(1)"></p>'
        }
        onChange={vi.fn()}
      />,
    );
    const images = screen.getByTestId('content-editor').querySelectorAll('img');
    expect([...images].map((img) => img.getAttribute('src'))).toEqual([
      'https://cdn.example.com/chart.png',
    ]);
  });

  it('reports typed content as HTML, and an emptied editor as an empty string', async () => {
    const onChange = vi.fn();
    render(<Controlled initial="<p>Draft</p>" onChange={onChange} />);
    const paragraph = screen.getByTestId('content-editor').querySelector('p');
    if (!paragraph) throw new Error('no paragraph');

    paragraph.textContent = 'Draft text';
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>Draft text</p>'));

    paragraph.textContent = '';
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
  });
});
