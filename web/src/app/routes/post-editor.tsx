// Post editor: create without a slug in the route, edit with one. The cover image control comes
// from the uploads feature, the admins' AI generator from ai-generator, an edited post's views of
// the last 30 days from analytics; the user from the session.
import { useParams, useSearchParams } from 'react-router-dom';

import { PostViewsLine } from '@/features/analytics/components/post-views';
import { AiContentGenerator } from '@/features/ai-generator/components/ai-content-generator';
import { useUser } from '@/features/auth/api/get-user';
import type { RenderAiGenerator } from '@/features/post-editor/components/ai-generator-slot';
import { PostEditor } from '@/features/post-editor/components/post-editor';
import type {
  RenderCoverImage,
  RenderTranslateWithAi,
} from '@/features/post-editor/components/post-form';
import { useSiteSettings } from '@/features/site-settings/api/get-site-settings';
import { TranslateWithAi } from '@/features/translations/components/translate-with-ai';
import { CoverImageUpload } from '@/features/uploads/components/cover-image-upload';
import { useEditorImageUpload } from '@/features/uploads/hooks/use-editor-image-upload';
import { useEditorTexts } from '@/lib/i18n/editor-texts';
import { useDocumentTitle } from '@/lib/use-document-title';

const renderCoverImage: RenderCoverImage = (field) => <CoverImageUpload {...field} />;
const renderAiGenerator: RenderAiGenerator = (field) => <AiContentGenerator {...field} />;
const renderTranslateWithAi: RenderTranslateWithAi = (field) => <TranslateWithAi {...field} />;
const renderPostViews = (postId: number) => <PostViewsLine postId={postId} />;

export function PostEditorRoute() {
  const editorT = useEditorTexts();
  const { slug } = useParams();
  const [search] = useSearchParams();
  const user = useUser();
  const settings = useSiteSettings();
  // Admins may always translate with AI; approved authors when the site settings allow it.
  const aiAllowed = user.data?.role === 'admin' || settings.data?.aiForAuthors === true;
  const uploadImage = useEditorImageUpload();
  useDocumentTitle(slug ? editorT.editTitle : editorT.createTitle);
  return (
    <PostEditor
      slug={slug}
      user={user.isPending ? undefined : (user.data ?? null)}
      renderCoverImage={renderCoverImage}
      renderAiGenerator={renderAiGenerator}
      translateFrom={search.get('translate') ?? undefined}
      renderTranslateWithAi={aiAllowed ? renderTranslateWithAi : undefined}
      uploadImage={uploadImage}
      renderPostViews={renderPostViews}
    />
  );
}
