// 'Create Category' button and its 'Create New Category' dialog (signed-in users).
import { FolderPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n';
import { useCategoryCreateTexts } from '@/lib/i18n/category-create-texts';
import { cn } from '@/lib/utils';

import { useCreateCategory } from '../api/create-category';
import { checkCategoryName, translateCategoryMessage } from '../utils/category-name';

interface CreateCategoryDialogProps {
  className?: string;
}

export function CreateCategoryDialog({ className }: CreateCategoryDialogProps) {
  const t = useT();
  const categoryT = useCategoryCreateTexts();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateCategory();

  const reset = () => {
    setName('');
    setError(null);
    create.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const problem = checkCategoryName(name, categoryT);
    setError(problem);
    if (problem) return;
    create.mutate(name.trim(), {
      onSuccess: () => {
        toast({
          title: categoryT.created,
          description: categoryT.createdDescription,
        });
        reset();
        setOpen(false);
      },
      onError: (cause) => {
        const message =
          cause.message !== ''
            ? translateCategoryMessage(cause.message, categoryT)
            : t.errors.generic;
        toast({ title: categoryT.failed, description: message, variant: 'destructive' });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          data-testid="create-category-button"
          className={cn('w-full', className)}
        >
          <FolderPlus aria-hidden="true" />
          {categoryT.button}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="create-category-dialog">
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{categoryT.title}</DialogTitle>
            <DialogDescription>{categoryT.description}</DialogDescription>
          </DialogHeader>
          <Field
            id={`${id}-name`}
            name="categoryName"
            label={categoryT.name}
            error={error ?? undefined}
          >
            <Input
              id={`${id}-name`}
              name="name"
              data-testid="field-categoryName"
              value={name}
              placeholder={categoryT.placeholder}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={fieldDescribedBy(`${id}-name`, error ?? undefined)}
              onChange={(event) => {
                setName(event.target.value);
                if (error) setError(null);
              }}
            />
          </Field>
          <DialogFooter>
            <Button
              variant="outline"
              data-testid="create-category-cancel"
              onClick={() => {
                setOpen(false);
                reset();
              }}
            >
              {categoryT.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending} data-testid="create-category-submit">
              {create.isPending ? categoryT.submitting : categoryT.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
