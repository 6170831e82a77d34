// Checks a chosen image, uploads it and reports the URL, or says (translated) why it could not.
import { useState } from 'react';

import { useUploadTexts } from '@/lib/i18n/upload-texts';
import { useEditorTexts } from '@/lib/i18n/editor-texts';

import { useUploadImage } from '../api/upload-image';
import { imageProblemMessage, uploadErrorMessage } from '../utils/messages';
import { checkImageFile } from '../utils/validate-image';

interface UseImageUploadOptions {
  onUploaded: (url: string) => void;
}

export function useImageUpload({ onUploaded }: UseImageUploadOptions) {
  const editorT = useEditorTexts();
  const uploadT = useUploadTexts();
  const mutation = useUploadImage();
  const [error, setError] = useState<string | null>(null);

  const upload = (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setError(imageProblemMessage(problem, uploadT));
      return;
    }
    setError(null);
    mutation.mutate(file, {
      onSuccess: ({ url }) => {
        if (typeof url === 'string' && url !== '') onUploaded(url);
        else setError(uploadT.failed);
      },
      onError: (cause) => setError(uploadErrorMessage(cause, uploadT, editorT.access)),
    });
  };

  return {
    upload,
    isUploading: mutation.isPending,
    error,
    clearError: () => setError(null),
  };
}
