// The admin's post changes with their toasts; every change refreshes the admin list and the
// public post lists.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/components/ui/toast';
import { interpolate } from '@/lib/i18n';
import { useAdminPostsTexts } from '@/lib/i18n/admin-posts-texts';
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
  const adminPostsT = useAdminPostsTexts();
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: ({ post, publishedAt }: { post: PostRef; publishedAt: string }) =>
      updatePostDate(post.id, publishedAt),
    onSuccess: () => {
      toast({
        title: adminPostsT.toast.dateUpdated,
        description: adminPostsT.toast.dateUpdatedDescription,
      });
    },
    onError: (error) => {
      toast({
        title: adminPostsT.toast.error,
        description: adminPostErrorMessage(error, adminPostsT, adminPostsT.toast.dateFailed),
        variant: 'destructive',
      });
    },
    onSettled: refresh,
  });
}

export function useTogglePublished() {
  const adminPostsT = useAdminPostsTexts();
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: (post: PostRef) => togglePublished(post.id),
    onSuccess: (result) => {
      const fallback = result.published
        ? adminPostsT.toast.published
        : adminPostsT.toast.unpublished;
      toast({
        title: adminPostsT.toast.postUpdated,
        description: result.message
          ? translateAdminPostMessage(result.message, adminPostsT)
          : fallback,
      });
    },
    onError: (error) => {
      toast({
        title: adminPostsT.toast.error,
        description: adminPostErrorMessage(error, adminPostsT, adminPostsT.toast.visibilityFailed),
        variant: 'destructive',
      });
    },
    onSettled: refresh,
  });
}

export function useDeletePost() {
  const adminPostsT = useAdminPostsTexts();
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: (post: PostRef) => deletePost(post.id),
    onSuccess: (_result, post) => {
      toast({
        title: adminPostsT.toast.postDeleted,
        description: interpolate(adminPostsT.toast.postDeletedDescription, { title: post.title }),
      });
    },
    onError: (error) => {
      toast({
        title: adminPostsT.toast.error,
        description: adminPostErrorMessage(error, adminPostsT, adminPostsT.toast.deleteFailed),
        variant: 'destructive',
      });
    },
    onSettled: refresh,
  });
}
