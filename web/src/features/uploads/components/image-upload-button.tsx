// A compact 'Upload Image' button: checks and uploads the chosen image, toasts 'Image uploaded'.
import { Upload } from 'lucide-react';
import { useId, useRef } from 'react';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useUploadTexts } from '@/lib/i18n/upload-texts';

import { useImageUpload } from '../hooks/use-image-upload';
import { IMAGE_ACCEPT } from '../utils/validate-image';

interface ImageUploadButtonProps {
  onUploaded: (url: string) => void;
  testId?: string;
}

export function ImageUploadButton({ onUploaded, testId = 'image-upload' }: ImageUploadButtonProps) {
  const uploadT = useUploadTexts();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const { upload, isUploading, error } = useImageUpload({
    onUploaded: (url) => {
      onUploaded(url);
      toast({ title: uploadT.uploaded, description: uploadT.uploadedDescription });
    },
  });

  return (
    <div className="grid gap-2">
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={isUploading}
          data-testid={`${testId}-button`}
          aria-describedby={error ? errorId : undefined}
          onClick={() => inputRef.current?.click()}
        >
          <Upload aria-hidden="true" />
          {isUploading ? uploadT.uploading : uploadT.uploadImage}
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_ACCEPT}
          tabIndex={-1}
          aria-hidden="true"
          data-testid={`${testId}-input`}
          className="hidden"
          onChange={(event) => {
            upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      <p className="text-xs text-slate-500">{uploadT.hint}</p>
      {error ? (
        <p
          id={errorId}
          data-testid={`${testId}-error`}
          className="text-sm font-medium text-red-600"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
