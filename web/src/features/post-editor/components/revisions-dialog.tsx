// The post's saved revisions (the last 20), newest first; restoring one loads it into the form.
import { useDeskTexts } from '@/lib/i18n/desk-texts';
import { CircleAlert, History } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { interpolate, useFormatDate } from '@/lib/i18n';
import type { PostRevision } from '@/types/api';

import { useRevisions } from '../api/get-revisions';

interface RevisionsDialogProps {
  postId: number;
  onRestore: (revision: PostRevision) => void;
}

export function RevisionsDialog({ postId, onRestore }: RevisionsDialogProps) {
  const desk = useDeskTexts();
  const formatDate = useFormatDate();
  const [open, setOpen] = useState(false);
  const query = useRevisions(postId, open);

  let body;
  if (query.isPending) {
    body = (
      <div
        data-testid="revisions-loading"
        aria-label={desk.revisions.loading}
        className="grid gap-2"
      >
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  } else if (query.isError) {
    body = (
      <p
        data-testid="revisions-error"
        role="alert"
        className="flex items-center gap-2 text-sm text-red-600"
      >
        <CircleAlert aria-hidden="true" className="size-4" />
        {desk.revisions.loadFailed}
      </p>
    );
  } else if (query.data.length === 0) {
    body = (
      <p data-testid="revisions-empty" className="text-sm text-slate-500">
        {desk.revisions.empty}
      </p>
    );
  } else {
    body = (
      <ul
        data-testid="revisions-list"
        className="divide-y divide-slate-200 rounded-lg border border-slate-200"
      >
        {query.data.map((revision) => (
          <li
            key={revision.id}
            data-testid="revision"
            className="flex items-center justify-between gap-3 p-3"
          >
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900">{revision.title}</p>
              <p className="text-xs text-slate-500">
                {interpolate(desk.revisions.savedBy, {
                  time: `${formatDate(revision.savedAt)} ${new Date(revision.savedAt).toLocaleTimeString()}`,
                  user: revision.savedBy || '—',
                })}
              </p>
            </div>
            <Button
              type="button"
              size="sm"
              variant="outline"
              data-testid="revision-restore"
              onClick={() => {
                onRestore(revision);
                setOpen(false);
              }}
            >
              {desk.revisions.restore}
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" data-testid="editor-revisions">
          <History aria-hidden="true" />
          {desk.revisions.button}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl" data-testid="revisions-dialog">
        <DialogHeader>
          <DialogTitle>{desk.revisions.title}</DialogTitle>
          <DialogDescription>{desk.revisions.description}</DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
}
