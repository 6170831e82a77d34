// 'Edit Publication Date': a day from the calendar and an HH:mm time, sent as one ISO timestamp.
import { CalendarDays } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { interpolate, useFormatDate } from '@/lib/i18n';
import { useAdminPostsTexts } from '@/lib/i18n/admin-posts-texts';
import { cn } from '@/lib/utils';
import type { PostSummary } from '@/types/api';

import { combineDateAndTime, splitDateAndTime } from '../utils/date-time';

type DatedPost = Pick<PostSummary, 'id' | 'title' | 'publishedAt'>;

interface EditDateDialogProps {
  /** The post whose date is edited; null keeps the dialog closed. */
  post: DatedPost | null;
  isSaving: boolean;
  onSubmit: (post: DatedPost, publishedAt: string) => void;
  onClose: () => void;
}

function EditDateForm({
  post,
  isSaving,
  onSubmit,
  onClose,
}: Omit<EditDateDialogProps, 'post'> & { post: DatedPost }) {
  const adminPostsT = useAdminPostsTexts();
  const formatDate = useFormatDate();
  const id = useId();
  const initial = splitDateAndTime(post.publishedAt);
  const [day, setDay] = useState<Date | undefined>(initial.day);
  const [time, setTime] = useState(initial.time);
  const [pickerOpen, setPickerOpen] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!day || isSaving) return;
    onSubmit(post, combineDateAndTime(day, time));
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{adminPostsT.dateDialog.title}</DialogTitle>
        <DialogDescription>
          {interpolate(adminPostsT.dateDialog.description, { title: post.title })}
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-day`}>{adminPostsT.dateDialog.date}</Label>
        <Button
          id={`${id}-day`}
          variant="outline"
          data-testid="date-picker-trigger"
          aria-expanded={pickerOpen}
          aria-controls={`${id}-calendar`}
          className={cn('justify-start font-normal', !day && 'text-slate-500')}
          onClick={() => setPickerOpen((open) => !open)}
        >
          <CalendarDays aria-hidden="true" />
          {day ? formatDate(day) : adminPostsT.dateDialog.pickDate}
        </Button>
        {pickerOpen ? (
          <div
            id={`${id}-calendar`}
            data-testid="date-picker-calendar"
            className="flex justify-center rounded-lg border border-slate-200 p-2"
          >
            <Calendar
              mode="single"
              selected={day}
              defaultMonth={day}
              onSelect={(next) => setDay(next)}
            />
          </div>
        ) : null}
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-time`}>{adminPostsT.dateDialog.time}</Label>
        <Input
          id={`${id}-time`}
          type="time"
          data-testid="date-dialog-time"
          value={time}
          onChange={(event) => setTime(event.target.value)}
        />
      </div>

      <DialogFooter>
        <Button variant="outline" data-testid="date-dialog-cancel" onClick={onClose}>
          {adminPostsT.dateDialog.cancel}
        </Button>
        <Button type="submit" data-testid="date-dialog-submit" disabled={!day || isSaving}>
          {isSaving ? adminPostsT.dateDialog.submitting : adminPostsT.dateDialog.submit}
        </Button>
      </DialogFooter>
    </form>
  );
}

export function EditDateDialog({ post, isSaving, onSubmit, onClose }: EditDateDialogProps) {
  return (
    <Dialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent data-testid="edit-date-dialog">
        {post ? (
          <EditDateForm
            key={post.id}
            post={post}
            isSaving={isSaving}
            onSubmit={onSubmit}
            onClose={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
