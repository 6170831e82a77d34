// The Quill 2 rich-text field (snow theme, 300px high). The value is HTML: typing reports it
// through onChange; a new value from outside (e.g. loaded or generated) replaces the content.
// Images put in (toolbar, paste, drag and drop) are uploaded and inserted by URL, with progress.
import { useDeskTexts } from '@/lib/i18n/desk-texts';
import { CircleAlert, ImageUp } from 'lucide-react';
import type Quill from 'quill';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import 'quill/dist/quill.snow.css';

import { interpolate } from '@/lib/i18n';
import { cn } from '@/lib/utils';

import { createEditor, editorHtml, setEditorHtml, type EditorImageHandler } from './quill-setup';

/**
 * Uploads one image and resolves to its URL, reporting progress from 0 to 100. Rejects with an
 * Error whose message is meant for the author (already in the interface language).
 */
export type UploadEditorImage = (
  file: File,
  onProgress: (percent: number) => void,
) => Promise<string>;

interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  placeholder: string;
  labelledBy?: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  /** Where images go; none leaves Quill's own image handling. */
  uploadImage?: UploadEditorImage | undefined;
}

export function RichTextEditor({
  value,
  onChange,
  placeholder,
  labelledBy,
  describedBy,
  invalid = false,
  uploadImage,
}: RichTextEditorProps) {
  const desk = useDeskTexts();
  const [progress, setProgress] = useState<number | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const uploadRef = useRef(uploadImage);
  const failedRef = useRef(desk.images.failed);
  const hasUpload = uploadImage !== undefined;
  const containerRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  /** The HTML the editor shows, to tell our own echoes from new values. */
  const shownRef = useRef<string | null>(null);
  const valueRef = useRef(value);
  const onChangeRef = useRef(onChange);

  useLayoutEffect(() => {
    valueRef.current = value;
    onChangeRef.current = onChange;
    uploadRef.current = uploadImage;
    failedRef.current = desk.images.failed;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const host = document.createElement('div');
    container.appendChild(host);
    // One image after the other, each inserted where it was put as soon as it is stored.
    const onImages: EditorImageHandler = (index, files) => {
      const upload = uploadRef.current;
      if (!upload || files.length === 0) return;
      setImageError(null);
      void (async () => {
        let at = index;
        for (const file of files) {
          setProgress(0);
          try {
            const url = await upload(file, setProgress);
            const current = quillRef.current;
            if (!current) return;
            current.insertEmbed(at, 'image', url, 'user');
            at += 1;
            current.setSelection(at, 'silent');
          } catch (cause) {
            setImageError(
              cause instanceof Error && cause.message !== '' ? cause.message : failedRef.current,
            );
          }
        }
        setProgress(null);
      })();
    };
    const quill = createEditor(host, placeholder, hasUpload ? onImages : undefined);
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
  }, [placeholder, labelledBy, hasUpload]);

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
    <div className="grid gap-2">
      <div
        ref={containerRef}
        data-testid="rich-text-editor"
        className={cn(
          'rounded-lg bg-white [&_.ql-container]:h-[300px] [&_.ql-container]:rounded-b-lg [&_.ql-container]:text-base [&_.ql-editor]:leading-relaxed [&_.ql-toolbar]:rounded-t-lg',
          invalid && '[&_.ql-container]:border-red-400 [&_.ql-toolbar]:border-red-400',
        )}
      />
      {progress !== null ? (
        <div data-testid="editor-image-uploading" role="status" className="grid gap-1">
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <ImageUp aria-hidden="true" className="size-4" />
            {interpolate(desk.images.uploading, { percent: String(progress) })}
          </p>
          <progress
            className="h-1.5 w-full overflow-hidden rounded-full accent-indigo-600"
            max={100}
            value={progress}
            aria-label={interpolate(desk.images.uploading, { percent: String(progress) })}
          />
        </div>
      ) : null}
      {imageError ? (
        <p
          data-testid="editor-image-error"
          role="alert"
          className="flex items-center gap-2 text-sm font-medium text-red-600"
        >
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {imageError}
        </p>
      ) : null}
    </div>
  );
}
