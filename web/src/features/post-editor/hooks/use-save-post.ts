// Saving the post form: create or update, refresh every cached post list, toast 'Success'.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/components/ui/toast';
import { useEditorTexts } from '@/lib/i18n/editor-texts';
import { invalidatePostCaches } from '@/lib/post-cache';

import { createPost, updatePost, type PostTarget, type SavedPost } from '../api/save-post';
import { toPostPayload, type PostFormValues } from '../utils/post-form';

interface UseSavePostOptions {
  /** The post being edited; none creates a new post. */
  target?: PostTarget | undefined;
  /** Called with the saved post's slug and the values that were saved. */
  onSaved: (saved: SavedPost, values: PostFormValues) => void;
}

export function useSavePost({ target, onSaved }: UseSavePostOptions) {
  const editorT = useEditorTexts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PostFormValues) => {
      const payload = toPostPayload(values);
      return target ? updatePost(target, { ...payload, slug: target.slug }) : createPost(payload);
    },
    onSuccess: (saved, values) => {
      void invalidatePostCaches(queryClient);
      toast({
        title: editorT.toast.success,
        description: target ? editorT.toast.updated : editorT.toast.created,
      });
      const slug = saved.slug !== '' ? saved.slug : (target?.slug ?? toPostPayload(values).slug);
      onSaved({ slug }, values);
    },
  });
}
