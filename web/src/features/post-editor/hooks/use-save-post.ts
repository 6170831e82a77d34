// Saving the post form: create or update, refresh every cached post list, toast 'Success'.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n';
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
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PostFormValues) => {
      const payload = toPostPayload(values);
      return target ? updatePost(target, { ...payload, slug: target.slug }) : createPost(payload);
    },
    onSuccess: (saved, values) => {
      void invalidatePostCaches(queryClient);
      toast({
        title: t.editor.toast.success,
        description: target ? t.editor.toast.updated : t.editor.toast.created,
      });
      const slug = saved.slug !== '' ? saved.slug : (target?.slug ?? toPostPayload(values).slug);
      onSaved({ slug }, values);
    },
  });
}
