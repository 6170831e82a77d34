// The Quill 2 rich-text field (snow theme, 300px high). The value is HTML: typing reports it
// through onChange; a new value from outside (e.g. loaded or generated) replaces the content.
import type Quill from 'quill';
import { useEffect, useLayoutEffect, useRef } from 'react';
import 'quill/dist/quill.snow.css';

import { cn } from '@/lib/utils';

import { createEditor, editorHtml, setEditorHtml } from './quill-setup';

interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  placeholder: string;
  labelledBy?: string;
  describedBy?: string | undefined;
  invalid?: boolean;
}

export function RichTextEditor({
  value,
  onChange,
  placeholder,
  labelledBy,
  describedBy,
  invalid = false,
}: RichTextEditorProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  /** The HTML the editor shows, to tell our own echoes from new values. */
  const shownRef = useRef<string | null>(null);
  const valueRef = useRef(value);
  const onChangeRef = useRef(onChange);

  useLayoutEffect(() => {
    valueRef.current = value;
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const host = document.createElement('div');
    container.appendChild(host);
    const quill = createEditor(host, placeholder);
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    quill.root.setAttribute('data-testid', 'content-editor');
    if (labelledBy) quill.root.setAttribute('aria-labelledby', labelledBy);
    setEditorHtml(quill, valueRef.current);
    shownRef.current = valueRef.current;
    quillRef.current = quill;

    const report = () => {
      const html = editorHtml(quill);
      shownRef.current = html;
      onChangeRef.current(html);
    };
    quill.on('text-change', report);
    return () => {
      quill.off('text-change', report);
      quillRef.current = null;
      container.replaceChildren();
    };
  }, [placeholder, labelledBy]);

  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === shownRef.current) return;
    setEditorHtml(quill, value);
    shownRef.current = value;
  }, [value]);

  useEffect(() => {
    const root = quillRef.current?.root;
    if (!root) return;
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    else root.removeAttribute('aria-describedby');
    if (invalid) root.setAttribute('aria-invalid', 'true');
    else root.removeAttribute('aria-invalid');
  }, [describedBy, invalid, placeholder, labelledBy]);

  return (
    <div
      ref={containerRef}
      data-testid="rich-text-editor"
      className={cn(
        'rounded-lg bg-white [&_.ql-container]:h-[300px] [&_.ql-container]:rounded-b-lg [&_.ql-container]:text-base [&_.ql-editor]:leading-relaxed [&_.ql-toolbar]:rounded-t-lg',
        invalid && '[&_.ql-container]:border-red-400 [&_.ql-toolbar]:border-red-400',
      )}
    />
  );
}
