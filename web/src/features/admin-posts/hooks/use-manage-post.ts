// The admin's post changes with their toasts; every change refreshes the admin list and the
// public post lists.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/components/ui/toast';
import { interpolate, useT } from '@/lib/i18n';
import { invalidatePostCaches } from '@/lib/post-cache';
import type { PostSummary } from '@/types/api';

import { deletePost, togglePublished, updatePostDate } from '../api/manage-post';
import { adminPostErrorMessage, translateAdminPostMessage } from '../utils/messages';

type PostRef = Pick<PostSummary, 'id' | 'title'>;

function useRefreshPosts() {
  const queryClient = useQueryClient();
  return () => invalidatePostCaches(queryClient);
}

export function useUpdatePostDate() {
  const t = useT();
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: ({ post, publishedAt }: { post: PostRef; publishedAt: string }) =>
      updatePostDate(post.id, publishedAt),
    onSuccess: () => {
      toast({
        title: t.adminPosts.toast.dateUpdated,
        description: t.adminPosts.toast.dateUpdatedDescription,
      });
    },
    onError: (error) => {
      toast({
        title: t.adminPosts.toast.error,
        description: adminPostErrorMessage(error, t, t.adminPosts.toast.dateFailed),
        variant: 'destructive',
      });
    },
    onSettled: refresh,
  });
}

export function useTogglePublished() {
  const t = useT();
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: (post: PostRef) => togglePublished(post.id),
    onSuccess: (result) => {
      const fallback = result.published
        ? t.adminPosts.toast.published
        : t.adminPosts.toast.unpublished;
      toast({
        title: t.adminPosts.toast.postUpdated,
        description: result.message ? translateAdminPostMessage(result.message, t) : fallback,
      });
    },
    onError: (error) => {
      toast({
        title: t.adminPosts.toast.error,
        description: adminPostErrorMessage(error, t, t.adminPosts.toast.visibilityFailed),
        variant: 'destructive',
      });
    },
    onSettled: refresh,
  });
}

export function useDeletePost() {
  const t = useT();
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: (post: PostRef) => deletePost(post.id),
    onSuccess: (_result, post) => {
      toast({
        title: t.adminPosts.toast.postDeleted,
        description: interpolate(t.adminPosts.toast.postDeletedDescription, { title: post.title }),
      });
    },
    onError: (error) => {
      toast({
        title: t.adminPosts.toast.error,
        description: adminPostErrorMessage(error, t, t.adminPosts.toast.deleteFailed),
        variant: 'destructive',
      });
    },
    onSettled: refresh,
  });
}
