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
import { interpolate, useT } from '@/lib/i18n';
import type { PostSummary } from '@/types/api';

interface DeletePostDialogProps {
  /** The post to delete; null keeps the dialog closed. */
  post: Pick<PostSummary, 'id' | 'title'> | null;
  onConfirm: (post: Pick<PostSummary, 'id' | 'title'>) => void;
  onClose: () => void;
}

export function DeletePostDialog({ post, onConfirm, onClose }: DeletePostDialogProps) {
  const t = useT();
  return (
    <AlertDialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialogContent data-testid="delete-post-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t.adminPosts.deleteDialog.title}</AlertDialogTitle>
          <AlertDialogDescription data-testid="delete-post-description">
            {interpolate(t.adminPosts.deleteDialog.description, { title: post?.title ?? '' })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel data-testid="delete-post-cancel">
            {t.adminPosts.deleteDialog.cancel}
          </AlertDialogCancel>
          <AlertDialogAction
            data-testid="delete-post-confirm"
            onClick={() => {
              if (post) onConfirm(post);
            }}
          >
            {t.adminPosts.deleteDialog.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
