// Uploads for images put into the post editor's content: checked like a cover image, sent with
// progress, and refused with a message in the interface language (never embedded as base64).
import { useCallback } from 'react';

import { useEditorTexts } from '@/lib/i18n/editor-texts';
import { useUploadTexts } from '@/lib/i18n/upload-texts';

import { uploadImageWithProgress } from '../api/upload-image';
import { imageProblemMessage, uploadErrorMessage } from '../utils/messages';
import { checkImageFile } from '../utils/validate-image';

/** Resolves to the stored image's URL; rejects with an Error whose message is for the author. */
export type EditorImageUpload = (
  file: File,
  onProgress: (percent: number) => void,
) => Promise<string>;

export function useEditorImageUpload(): EditorImageUpload {
  const editorT = useEditorTexts();
  const uploadT = useUploadTexts();
  return useCallback(
    async (file, onProgress) => {
      const problem = checkImageFile(file);
      if (problem) throw new Error(imageProblemMessage(problem, uploadT));
      let url: unknown;
      try {
        ({ url } = await uploadImageWithProgress(file, onProgress));
      } catch (cause) {
        throw new Error(uploadErrorMessage(cause, uploadT, editorT.access));
      }
      if (typeof url !== 'string' || url === '') throw new Error(uploadT.failed);
      return url;
    },
    [editorT, uploadT],
  );
}
