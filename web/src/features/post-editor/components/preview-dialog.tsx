// "Preview": the post as readers will see it, rendered and sanitised by the server (POST
// /api/preview), shown with the post page's own markup and styles.
import { useDeskTexts } from '@/lib/i18n/desk-texts';
import { CircleAlert, Eye } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useEditorTexts } from '@/lib/i18n/editor-texts';

import { usePreviewPost } from '../api/preview-post';
import { postErrorMessage } from '../utils/messages';
import type { PostPayload } from '../utils/post-form';

interface PreviewDialogProps {
  /** The form's current values as they would be sent. */
  payload: () => PostPayload;
}

export function PreviewDialog({ payload }: PreviewDialogProps) {
  const editorT = useEditorTexts();
  const desk = useDeskTexts();
  const [open, setOpen] = useState(false);
  const preview = usePreviewPost();

  const show = () => {
    setOpen(true);
    preview.mutate(payload());
  };

  let body;
  if (preview.isError) {
    body = (
      <p
        data-testid="preview-error"
        role="alert"
        className="flex items-center gap-2 text-sm text-red-600"
      >
        <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        {postErrorMessage(preview.error, editorT, desk.preview.failed)}
      </p>
    );
  } else if (preview.isSuccess) {
    body = (
      <div
        data-testid="preview-article"
        className="-mx-6 -mb-6 overflow-hidden bg-slate-50"
        // The server's rendering of the post: sanitised there, exactly as the post page shows it.
        dangerouslySetInnerHTML={{ __html: preview.data.html }}
      />
    );
  } else {
    body = (
      <div data-testid="preview-loading" aria-label={desk.preview.loading} className="grid gap-3">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-full" />
      </div>
    );
  }

  return (
    <>
      <Button type="button" variant="outline" size="sm" data-testid="editor-preview" onClick={show}>
        <Eye aria-hidden="true" />
        {desk.preview.button}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="max-w-5xl"
          data-testid="preview-dialog"
          aria-label={desk.preview.title}
        >
          <DialogHeader>
            <DialogTitle>{desk.preview.title}</DialogTitle>
            <DialogDescription>{desk.preview.description}</DialogDescription>
          </DialogHeader>
          {body}
        </DialogContent>
      </Dialog>
    </>
  );
}
