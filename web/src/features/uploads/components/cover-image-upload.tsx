// Cover image field: an upload box while empty, a preview with download and remove buttons once set.
import { Download, ImageUp, Trash2 } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useUploadTexts } from '@/lib/i18n/upload-texts';
import { cn } from '@/lib/utils';

import { useImageUpload } from '../hooks/use-image-upload';
import { IMAGE_ACCEPT } from '../utils/validate-image';

export interface CoverImageUploadProps {
  /** The image URL, '' when there is none. */
  value: string;
  onChange: (url: string) => void;
  /** A message about the field from the form (e.g. the server's), shown under the box. */
  error?: string | undefined;
  /** Id of the element that labels the field. */
  labelledBy?: string | undefined;
}

export function CoverImageUpload({ value, onChange, error, labelledBy }: CoverImageUploadProps) {
  const uploadT = useUploadTexts();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [dragging, setDragging] = useState(false);
  const { upload, isUploading, error: uploadError } = useImageUpload({ onUploaded: onChange });
  const message = uploadError ?? error;

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    upload(event.dataTransfer.files[0]);
  };

  let body;
  if (value !== '') {
    body = (
      <div
        data-testid="cover-image-preview"
        className="overflow-hidden rounded-xl border border-slate-200 bg-white"
      >
        <img
          src={value}
          alt={uploadT.previewAlt}
          className="aspect-video max-h-80 w-full object-cover"
        />
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 p-3">
          <Button asChild variant="outline" size="sm">
            <a href={value} download data-testid="cover-image-download">
              <Download aria-hidden="true" />
              {uploadT.download}
            </a>
          </Button>
          <Button
            variant="outline"
            size="sm"
            data-testid="cover-image-remove"
            className="text-red-600 hover:text-red-700"
            onClick={() => onChange('')}
          >
            <Trash2 aria-hidden="true" />
            {uploadT.remove}
          </Button>
        </div>
      </div>
    );
  } else if (isUploading) {
    body = (
      <div
        data-testid="cover-image-uploading"
        className="flex h-48 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-indigo-300 bg-indigo-50/50 text-sm text-slate-600"
      >
        <Spinner label={uploadT.uploading} />
        <span aria-hidden="true">{uploadT.uploading}</span>
      </div>
    );
  } else {
    body = (
      <label
        htmlFor={inputId}
        data-testid="cover-image-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex h-48 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed bg-slate-50 px-4 text-center transition-colors focus-within:ring-2 focus-within:ring-indigo-500 hover:border-indigo-400 hover:bg-indigo-50/40',
          dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300',
          message ? 'border-red-300' : null,
        )}
      >
        <ImageUp aria-hidden="true" className="size-9 text-slate-400" />
        <span className="text-sm text-slate-700">
          <span className="font-semibold text-indigo-600">{uploadT.clickToUpload}</span>{' '}
          {uploadT.dragAndDrop}
        </span>
        <span data-testid="cover-image-hint" className="text-xs text-slate-500">
          {uploadT.hint}
        </span>
        <input
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          data-testid="cover-image-input"
          className="sr-only"
          aria-labelledby={labelledBy}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          onChange={(event) => {
            upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
    );
  }

  return (
    <div className="grid gap-2">
      {body}
      {message ? (
        <p
          id={errorId}
          data-testid="cover-image-error"
          className="text-sm font-medium text-red-600"
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
