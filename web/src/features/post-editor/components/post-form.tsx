// The post form: title, slug, category, language, excerpt, cover image, content and publishing.
import { useTranslationsTexts } from '@/lib/i18n/translations-texts';
import { useDeskTexts } from '@/lib/i18n/desk-texts';
import { ArrowLeft, CircleAlert, History } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { BUILT_IN_CATEGORIES } from '@/config/constants';
import { paths } from '@/config/paths';
import { toast } from '@/components/ui/toast';
import { interpolate, useFormatDate } from '@/lib/i18n';
import { useEditorTexts } from '@/lib/i18n/editor-texts';
import { slugify } from '@/lib/slug';
import type { AiTranslateResponse, PostRevision } from '@/types/api';

import { useEditorCategories } from '../api/get-editor-categories';
import type { PostTarget } from '../api/save-post';
import { useLocalDraft } from '../hooks/use-local-draft';
import { useSavePost } from '../hooks/use-save-post';
import { localDraftKey } from '../utils/local-draft';
import { postErrorMessage, postFieldErrors } from '../utils/messages';
import {
  applyTranslation,
  validatePost,
  type PostField,
  type PostFormErrors,
  type PostFormValues,
  toPostPayload,
} from '../utils/post-form';

import { AiGeneratorSlot, type RenderAiGenerator } from './ai-generator-slot';
import { PreviewDialog } from './preview-dialog';
import { RevisionsDialog } from './revisions-dialog';
import { RichTextEditor, type UploadEditorImage } from './rich-text-editor';

/** What the cover image control gets; the page supplies the control (features/uploads). */
export interface CoverImageFieldProps {
  value: string;
  onChange: (url: string) => void;
  error?: string | undefined;
  labelledBy?: string | undefined;
}

export type RenderCoverImage = (field: CoverImageFieldProps) => ReactNode;

/** What "Translate with AI" gets; the page supplies it (features/translations). */
export interface TranslateWithAiFieldProps {
  sourceId: number;
  targetLanguage: 'en' | 'cs';
  onTranslated: (translation: AiTranslateResponse) => void;
}

export type RenderTranslateWithAi = (field: TranslateWithAiFieldProps) => ReactNode;

/** A new translation: the post it translates and, when the caller may use it, the AI translator. */
export interface TranslationSource {
  id: number;
  title: string;
  renderTranslateWithAi?: RenderTranslateWithAi | undefined;
}

interface PostFormProps {
  initial: PostFormValues;
  /** What the editor shows while the content is unchanged (a markdown post's rendering). */
  initialEditorHtml?: string;
  /** The post being edited; none creates one. */
  target?: PostTarget | undefined;
  isAdmin: boolean;
  /** An admin hid the post: only an admin may publish it again (the server holds it hidden). */
  hiddenByAdmin?: boolean;
  /** The post was sent by e-mail (at this ISO time, or null if unknown): said instead of the switch. */
  newsletterSentAt?: string | null | undefined;
  renderCoverImage: RenderCoverImage;
  /** The admins' AI generator (features/ai-generator); none shows a placeholder. */
  renderAiGenerator?: RenderAiGenerator | undefined;
  /** Set when the form writes a translation of another post. */
  translation?: TranslationSource | undefined;
  /** Uploads images put into the content (features/uploads); none keeps Quill's own handling. */
  uploadImage?: UploadEditorImage | undefined;
  /** Shown above the form: the post's views (features/analytics) when it is edited. */
  aside?: ReactNode;
}

/** Categories for the list: the server's, else the built-in ones, and always the post's own. */
function categoryChoices(fromServer: readonly string[] | undefined, current: string): string[] {
  const names = [...(fromServer && fromServer.length > 0 ? fromServer : BUILT_IN_CATEGORIES)];
  if (current !== '' && !names.some((name) => name.toLowerCase() === current.toLowerCase())) {
    names.push(current);
  }
  return names;
}

export function PostForm({
  initial,
  initialEditorHtml = initial.content,
  target,
  isAdmin,
  hiddenByAdmin = false,
  newsletterSentAt,
  renderCoverImage,
  renderAiGenerator,
  translation,
  uploadImage,
  aside,
}: PostFormProps) {
  const editorT = useEditorTexts();
  const trT = useTranslationsTexts();
  const desk = useDeskTexts();
  const formatDate = useFormatDate();
  const navigate = useNavigate();
  const id = useId();
  const editing = target !== undefined;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<PostFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [slugEdited, setSlugEdited] = useState(editing || initial.slug !== '');
  const categoriesQuery = useEditorCategories();
  const localDraft = useLocalDraft(localDraftKey(target?.id), initial, values);

  const save = useSavePost({
    target,
    onSaved: ({ slug }, saved) => {
      localDraft.clear();
      // A draft is not on any reader's page: the author finds it in My posts.
      if (!saved.published) {
        toast({ title: desk.draftSaved, description: desk.draftSavedDescription });
        navigate(paths.myPosts.getHref());
        return;
      }
      navigate(editing ? paths.post.getHref(slug) : paths.home.getHref());
    },
  });

  const restoreLocal = () => {
    const copy = localDraft.accept();
    if (!copy) return;
    setValues(copy);
    setErrors({});
    toast({ title: desk.localCopy.restored });
  };

  const restoreRevision = (revision: PostRevision) => {
    setValues((current) => ({
      ...current,
      title: revision.title,
      excerpt: revision.excerpt,
      content: revision.content,
      category: revision.category,
      coverImage: revision.coverImage,
      language: revision.language === 'cs' ? 'cs' : 'en',
    }));
    setErrors({});
    toast({ title: desk.revisions.restored, description: desk.revisions.restoredDescription });
  };

  const set = <K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onTitleChange = (title: string) => {
    setValues((current) => ({
      ...current,
      title,
      slug: slugEdited ? current.slug : slugify(title),
    }));
    if (errors.title) setErrors((current) => ({ ...current, title: undefined }));
  };

  const onTranslated = (translated: AiTranslateResponse) => {
    setValues((current) => applyTranslation(current, translated, slugEdited));
    setErrors({});
  };

  const onSlugChange = (slug: string) => {
    setSlugEdited(slug !== '');
    set('slug', slug);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    const found = validatePost(values, editorT);
    setErrors(found);
    const first = (Object.keys(found) as PostField[])[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    save.mutate(values, {
      onError: (error) => {
        setErrors(postFieldErrors(error, editorT));
        setFormError(postErrorMessage(error, editorT, editorT.saveFailed));
        window.scrollTo({ top: 0, behavior: 'smooth' });
      },
    });
  };

  const fieldId = (field: string) => `${id}-${field}`;
  const categories = categoryChoices(categoriesQuery.data, values.category);
  const editorValue = values.content === initial.content ? initialEditorHtml : values.content;

  // While an admin has the post hidden, an author's switch would be ignored by the server: it is
  // shown off and disabled, with the reason; an admin may switch it on to show the post again.
  const lockedHidden = hiddenByAdmin && !isAdmin;
  let publishHint: string;
  if (hiddenByAdmin && !values.published) publishHint = editorT.hiddenByAdminHint;
  else publishHint = values.published ? editorT.publishNowHint : editorT.draftHint;

  let submitLabel: string;
  if (save.isPending) submitLabel = editing ? editorT.updating : editorT.publishing;
  else if (editing) submitLabel = editorT.updatePost;
  else submitLabel = values.published ? editorT.publishPost : editorT.saveDraft;

  return (
    <PageShell
      className="max-w-4xl"
      title={editing ? editorT.editTitle : editorT.createTitle}
      description={editing ? editorT.editDescription : editorT.createDescription}
      actions={
        <>
          <Button asChild variant="outline" size="sm" data-testid="editor-back">
            <Link to={paths.home.getHref()}>
              <ArrowLeft aria-hidden="true" />
              {editorT.back}
            </Link>
          </Button>
          <div className="ml-auto flex gap-2">
            {target?.id !== undefined ? (
              <RevisionsDialog postId={target.id} onRestore={restoreRevision} />
            ) : null}
            <PreviewDialog payload={() => toPostPayload(values)} />
          </div>
        </>
      }
    >
      {aside}
      <form noValidate onSubmit={onSubmit} data-testid="post-form" aria-busy={save.isPending}>
        <Card className="space-y-6 p-6">
          {localDraft.offer ? (
            <Alert
              data-testid="local-draft-offer"
              className="grid gap-3 border-indigo-200 bg-indigo-50"
            >
              <div className="flex gap-2">
                <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
                <div>
                  <AlertTitle>{desk.localCopy.title}</AlertTitle>
                  <AlertDescription>
                    {interpolate(desk.localCopy.message, {
                      time: `${formatDate(new Date(localDraft.offer.savedAt).toISOString())} ${new Date(
                        localDraft.offer.savedAt,
                      ).toLocaleTimeString()}`,
                    })}
                  </AlertDescription>
                </div>
              </div>
              <div className="flex gap-2">
                <Button
                  type="button"
                  size="sm"
                  data-testid="local-draft-restore"
                  onClick={restoreLocal}
                >
                  {desk.localCopy.restore}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  data-testid="local-draft-discard"
                  onClick={localDraft.discard}
                >
                  {desk.localCopy.discard}
                </Button>
              </div>
            </Alert>
          ) : null}
          {formError ? (
            <Alert variant="destructive" data-testid="editor-error" className="flex gap-2">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          ) : null}

          {translation ? (
            <div
              data-testid="translation-of"
              className="grid gap-3 rounded-xl border border-indigo-200 bg-indigo-50/50 p-4"
            >
              <div className="grid gap-1">
                <p className="text-sm font-medium text-slate-900">
                  {interpolate(trT.translationOf, { title: translation.title })}
                </p>
                <p className="text-xs text-slate-600">{trT.translationOfHint}</p>
              </div>
              {translation.renderTranslateWithAi?.({
                sourceId: translation.id,
                targetLanguage: values.language,
                onTranslated,
              })}
            </div>
          ) : null}

          <Field id={fieldId('title')} name="title" label={editorT.title} error={errors.title}>
            <Input
              id={fieldId('title')}
              name="title"
              data-testid="field-title"
              value={values.title}
              placeholder={editorT.titlePlaceholder}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={fieldDescribedBy(fieldId('title'), errors.title)}
              onChange={(event) => onTitleChange(event.target.value)}
            />
          </Field>

          <Field
            id={fieldId('slug')}
            name="slug"
            label={editorT.slug}
            error={errors.slug}
            hint={editing ? editorT.slugLocked : editorT.slugHint}
          >
            <Input
              id={fieldId('slug')}
              name="slug"
              data-testid="field-slug"
              value={values.slug}
              disabled={editing}
              placeholder={editorT.slugPlaceholder}
              aria-invalid={errors.slug ? true : undefined}
              aria-describedby={fieldDescribedBy(fieldId('slug'), errors.slug, true)}
              onChange={(event) => onSlugChange(event.target.value)}
              onBlur={() => {
                if (!editing) set('slug', slugify(values.slug));
              }}
            />
          </Field>

          <div className="grid gap-6 md:grid-cols-2">
            <Field
              id={fieldId('category')}
              name="category"
              label={editorT.category}
              error={errors.category}
            >
              <Select value={values.category} onValueChange={(value) => set('category', value)}>
                <SelectTrigger
                  id={fieldId('category')}
                  data-testid="field-category"
                  className="h-10 w-full"
                  aria-invalid={errors.category ? true : undefined}
                  aria-describedby={fieldDescribedBy(fieldId('category'), errors.category)}
                >
                  <SelectValue placeholder={editorT.categoryPlaceholder} />
                </SelectTrigger>
                <SelectContent>
                  {categories.map((name) => (
                    <SelectItem key={name} value={name}>
                      {name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>

            <Field
              id={fieldId('language')}
              name="language"
              label={editorT.language}
              error={errors.language}
            >
              <Select
                value={values.language}
                onValueChange={(value) => set('language', value === 'cs' ? 'cs' : 'en')}
              >
                <SelectTrigger
                  id={fieldId('language')}
                  data-testid="field-language"
                  className="h-10 w-full"
                  aria-describedby={fieldDescribedBy(fieldId('language'), errors.language)}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="en">{editorT.english}</SelectItem>
                  <SelectItem value="cs">{editorT.czech}</SelectItem>
                </SelectContent>
              </Select>
            </Field>
          </div>

          <Field
            id={fieldId('excerpt')}
            name="excerpt"
            label={editorT.excerpt}
            error={errors.excerpt}
          >
            <Textarea
              id={fieldId('excerpt')}
              name="excerpt"
              rows={3}
              data-testid="field-excerpt"
              value={values.excerpt}
              placeholder={editorT.excerptPlaceholder}
              aria-invalid={errors.excerpt ? true : undefined}
              aria-describedby={fieldDescribedBy(fieldId('excerpt'), errors.excerpt)}
              onChange={(event) => set('excerpt', event.target.value)}
            />
          </Field>

          <div className="grid gap-2">
            <Label id={`${fieldId('coverImage')}-label`}>{editorT.coverImage}</Label>
            {renderCoverImage({
              value: values.coverImage,
              onChange: (url) => set('coverImage', url),
              error: errors.coverImage,
              labelledBy: `${fieldId('coverImage')}-label`,
            })}
          </div>

          {isAdmin ? (
            <AiGeneratorSlot
              render={renderAiGenerator}
              onInsert={(html) => set('content', editorValue === '' ? html : editorValue + html)}
            />
          ) : null}

          <div className="grid gap-2">
            <Label id={`${fieldId('content')}-label`}>{editorT.content}</Label>
            <RichTextEditor
              value={editorValue}
              onChange={(html) => set('content', html)}
              placeholder={editorT.contentPlaceholder}
              labelledBy={`${fieldId('content')}-label`}
              describedBy={errors.content ? `${fieldId('content')}-error` : undefined}
              invalid={errors.content !== undefined}
              uploadImage={uploadImage}
            />
            {errors.content ? (
              <p
                id={`${fieldId('content')}-error`}
                data-testid="error-content"
                className="text-sm font-medium text-red-600"
              >
                {errors.content}
              </p>
            ) : null}
          </div>

          <div className="grid gap-6 rounded-xl border border-slate-200 bg-slate-50 p-4 md:grid-cols-2">
            <div className="flex items-start gap-3">
              <Switch
                id={fieldId('published')}
                data-testid="field-published"
                checked={values.published}
                disabled={lockedHidden}
                onCheckedChange={(checked) => set('published', checked)}
                aria-describedby={`${fieldId('published')}-hint`}
              />
              <div className="grid gap-1">
                <Label htmlFor={fieldId('published')}>{editorT.publishNow}</Label>
                <p id={`${fieldId('published')}-hint`} className="text-xs text-slate-500">
                  {publishHint}
                </p>
              </div>
            </div>
            {values.sendNewsletter !== undefined ? (
              <div className="flex items-start gap-3">
                <Switch
                  id={fieldId('sendNewsletter')}
                  data-testid="field-sendNewsletter"
                  checked={values.sendNewsletter}
                  onCheckedChange={(checked) => set('sendNewsletter', checked)}
                  aria-describedby={`${fieldId('sendNewsletter')}-hint`}
                />
                <div className="grid gap-1">
                  <Label htmlFor={fieldId('sendNewsletter')}>{editorT.sendNewsletter}</Label>
                  <p id={`${fieldId('sendNewsletter')}-hint`} className="text-xs text-slate-500">
                    {editorT.sendNewsletterHint}
                  </p>
                </div>
              </div>
            ) : null}
            {newsletterSentAt !== undefined ? (
              <p className="text-sm text-slate-600" data-testid="newsletter-sent-at">
                {interpolate(editorT.sentByEmail, {
                  date: newsletterSentAt ? formatDate(newsletterSentAt) : '',
                })}
              </p>
            ) : null}
            <Field
              id={fieldId('publishedAt')}
              name="publishedAt"
              label={editorT.publishDate}
              hint={editorT.publishDateHint}
            >
              <Input
                id={fieldId('publishedAt')}
                type="datetime-local"
                data-testid="field-publishedAt"
                value={values.publishedAt}
                aria-describedby={fieldDescribedBy(fieldId('publishedAt'), undefined, true)}
                onChange={(event) => set('publishedAt', event.target.value)}
              />
            </Field>
          </div>

          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end">
            <Button asChild variant="outline" data-testid="editor-cancel">
              <Link to={paths.home.getHref()}>{editorT.cancel}</Link>
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="editor-submit">
              {submitLabel}
            </Button>
          </div>
        </Card>
      </form>
    </PageShell>
  );
}
