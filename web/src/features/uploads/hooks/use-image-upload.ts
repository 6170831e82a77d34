// Checks a chosen image, uploads it and reports the URL, or says (translated) why it could not.
import { useState } from 'react';

import { useT } from '@/lib/i18n';

import { useUploadImage } from '../api/upload-image';
import { imageProblemMessage, uploadErrorMessage } from '../utils/messages';
import { checkImageFile } from '../utils/validate-image';

interface UseImageUploadOptions {
  onUploaded: (url: string) => void;
}

export function useImageUpload({ onUploaded }: UseImageUploadOptions) {
  const t = useT();
  const mutation = useUploadImage();
  const [error, setError] = useState<string | null>(null);

  const upload = (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setError(imageProblemMessage(problem, t));
      return;
    }
    setError(null);
    mutation.mutate(file, {
      onSuccess: ({ url }) => {
        if (typeof url === 'string' && url !== '') onUploaded(url);
        else setError(t.upload.failed);
      },
      onError: (cause) => setError(uploadErrorMessage(cause, t)),
    });
  };

  return {
    upload,
    isUploading: mutation.isPending,
    error,
    clearError: () => setError(null),
  };
}
