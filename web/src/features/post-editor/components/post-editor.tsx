// The post editor page: create without a slug, edit with one. Who may use it: approved users and
// admins; others see why not. The page supplies the user and the cover image control.
import { useTranslationsTexts } from '@/lib/i18n/translations-texts';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { StatusScreen } from '@/components/layouts/status-screen';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useEditorTexts } from '@/lib/i18n/editor-texts';
import type { Post, User } from '@/types/api';

import { usePostForEdit } from '../api/get-post-for-edit';
import { usePostNewsletter } from '../api/get-post-newsletter';
import { postErrorMessage } from '../utils/messages';
import {
  EMPTY_POST_VALUES,
  editorHtmlOf,
  translationValuesFrom,
  valuesFromPost,
} from '../utils/post-form';

import { LoginRequired, PendingApproval } from './editor-access';
import { PostEditorSkeleton } from './post-editor-skeleton';
import type { RenderAiGenerator } from './ai-generator-slot';
import { PostForm, type RenderCoverImage, type RenderTranslateWithAi } from './post-form';
import type { UploadEditorImage } from './rich-text-editor';

interface PostEditorProps {
  /** The slug from the route; none means a new post. */
  slug?: string | undefined;
  /** The signed-in user: undefined while the session is checked, null when logged out. */
  user: User | null | undefined;
  renderCoverImage: RenderCoverImage;
  renderAiGenerator?: RenderAiGenerator | undefined;
  /** A new post that translates the post with this slug (linked when saved). */
  translateFrom?: string | undefined;
  /** "Translate with AI", for those who may use it; none hides it. */
  renderTranslateWithAi?: RenderTranslateWithAi | undefined;
  uploadImage?: UploadEditorImage | undefined;
  /** An edited post's views (features/analytics), shown above its form; none leaves them out. */
  renderPostViews?: ((postId: number) => ReactNode) | undefined;
}

function mayWrite(user: User): boolean {
  return user.role === 'admin' || user.approvalStatus === 'approved';
}

function EditExistingPost({
  slug,
  user,
  renderCoverImage,
  renderAiGenerator,
  uploadImage,
  renderPostViews,
}: {
  slug: string;
  user: User;
  renderCoverImage: RenderCoverImage;
  renderAiGenerator?: RenderAiGenerator | undefined;
  uploadImage?: UploadEditorImage | undefined;
  renderPostViews?: ((postId: number) => ReactNode) | undefined;
}) {
  const editorT = useEditorTexts();
  const query = usePostForEdit(slug);
  const newsletter = usePostNewsletter(query.data?.id);
  // The form takes its values once: it waits for the newsletter's state too (without it, when
  // that call fails, the switch is left out).
  if (query.isPending || (query.isSuccess && newsletter.isPending)) return <PostEditorSkeleton />;
  if (query.isError) {
    return (
      <StatusScreen
        testId="editor-load-error"
        icon={<CircleAlert aria-hidden="true" />}
        title={editorT.loadFailed}
        message={postErrorMessage(query.error, editorT, editorT.loadFailed)}
        action={
          <Button asChild>
            <Link to={paths.home.getHref()}>{editorT.access.returnHome}</Link>
          </Button>
        }
      />
    );
  }
  const post: Post = { ...query.data, ...newsletter.data };
  return (
    <PostForm
      key={post.id}
      initial={valuesFromPost(post)}
      initialEditorHtml={editorHtmlOf(post)}
      target={{ id: post.id, slug: post.slug }}
      isAdmin={user.role === 'admin'}
      hiddenByAdmin={post.hiddenByAdmin === true}
      newsletterSentAt={post.newsletter === 'sent' ? (post.newsletterSentAt ?? null) : undefined}
      renderCoverImage={renderCoverImage}
      renderAiGenerator={renderAiGenerator}
      uploadImage={uploadImage}
      aside={renderPostViews?.(post.id)}
    />
  );
}

function NewTranslation({
  sourceSlug,
  user,
  renderCoverImage,
  renderAiGenerator,
  renderTranslateWithAi,
  uploadImage,
}: {
  sourceSlug: string;
  user: User;
  renderCoverImage: RenderCoverImage;
  renderAiGenerator?: RenderAiGenerator | undefined;
  renderTranslateWithAi?: RenderTranslateWithAi | undefined;
  uploadImage?: UploadEditorImage | undefined;
}) {
  const editorT = useEditorTexts();
  const trT = useTranslationsTexts();
  const query = usePostForEdit(sourceSlug);
  if (query.isPending) return <PostEditorSkeleton />;
  if (query.isError) {
    return (
      <StatusScreen
        testId="translation-source-error"
        icon={<CircleAlert aria-hidden="true" />}
        title={trT.sourceLoadFailed}
        message={postErrorMessage(query.error, editorT, trT.sourceLoadFailed)}
        action={
          <Button asChild>
            <Link to={paths.home.getHref()}>{editorT.access.returnHome}</Link>
          </Button>
        }
      />
    );
  }
  const source: Post = query.data;
  return (
    <PostForm
      key={`translation-${source.id}`}
      initial={translationValuesFrom(source)}
      isAdmin={user.role === 'admin'}
      renderCoverImage={renderCoverImage}
      renderAiGenerator={renderAiGenerator}
      translation={{ id: source.id, title: source.title, renderTranslateWithAi }}
      uploadImage={uploadImage}
    />
  );
}

export function PostEditor({
  slug,
  user,
  renderCoverImage,
  renderAiGenerator,
  translateFrom,
  renderTranslateWithAi,
  uploadImage,
  renderPostViews,
}: PostEditorProps) {
  if (user === undefined) return <PostEditorSkeleton />;
  if (user === null) return <LoginRequired />;
  if (!mayWrite(user)) return <PendingApproval status={user.approvalStatus} />;
  if (!slug && translateFrom) {
    return (
      <NewTranslation
        sourceSlug={translateFrom}
        user={user}
        renderCoverImage={renderCoverImage}
        renderAiGenerator={renderAiGenerator}
        renderTranslateWithAi={renderTranslateWithAi}
        uploadImage={uploadImage}
      />
    );
  }
  if (slug) {
    return (
      <EditExistingPost
        slug={slug}
        user={user}
        renderCoverImage={renderCoverImage}
        renderAiGenerator={renderAiGenerator}
        uploadImage={uploadImage}
        renderPostViews={renderPostViews}
      />
    );
  }
  return (
    <PostForm
      initial={EMPTY_POST_VALUES}
      isAdmin={user.role === 'admin'}
      renderCoverImage={renderCoverImage}
      renderAiGenerator={renderAiGenerator}
      uploadImage={uploadImage}
    />
  );
}
