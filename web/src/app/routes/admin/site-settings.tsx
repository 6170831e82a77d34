// Site Settings (/admin/site-settings), for admins only; the hero image upload comes from the
// uploads feature.
import { useUser } from '@/features/auth/api/get-user';
import {
  SiteSettingsPage,
  type RenderHeroImageUpload,
} from '@/features/site-settings/components/site-settings-form';
import { ImageUploadButton } from '@/features/uploads/components/image-upload-button';
import { useSettingsTexts } from '@/lib/i18n/settings-texts';
import { useDocumentTitle } from '@/lib/use-document-title';

const renderHeroImageUpload: RenderHeroImageUpload = (onUploaded) => (
  <ImageUploadButton onUploaded={onUploaded} testId="hero-image-upload" />
);

export function AdminSiteSettingsRoute() {
  const settingsT = useSettingsTexts();
  const user = useUser();
  useDocumentTitle(settingsT.title);
  return (
    <SiteSettingsPage
      isAdmin={user.data?.role === 'admin'}
      renderHeroImageUpload={renderHeroImageUpload}
    />
  );
}
