// 'Are you sure?': confirms deleting one post for good.
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { interpolate } from '@/lib/i18n';
import { useAdminPostsTexts } from '@/lib/i18n/admin-posts-texts';
import type { PostSummary } from '@/types/api';

interface DeletePostDialogProps {
  /** The post to delete; null keeps the dialog closed. */
  post: Pick<PostSummary, 'id' | 'title'> | null;
  onConfirm: (post: Pick<PostSummary, 'id' | 'title'>) => void;
  onClose: () => void;
}

export function DeletePostDialog({ post, onConfirm, onClose }: DeletePostDialogProps) {
  const adminPostsT = useAdminPostsTexts();
  return (
    <AlertDialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialogContent data-testid="delete-post-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{adminPostsT.deleteDialog.title}</AlertDialogTitle>
          <AlertDialogDescription data-testid="delete-post-description">
            {interpolate(adminPostsT.deleteDialog.description, { title: post?.title ?? '' })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel data-testid="delete-post-cancel">
            {adminPostsT.deleteDialog.cancel}
          </AlertDialogCancel>
          <AlertDialogAction
            data-testid="delete-post-confirm"
            onClick={() => {
              if (post) onConfirm(post);
            }}
          >
            {adminPostsT.deleteDialog.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
