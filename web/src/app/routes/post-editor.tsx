// Post editor: create without a slug in the route, edit with one.
import { useParams } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { useT } from '@/lib/i18n';

export function PostEditorRoute() {
  const t = useT();
  const { slug } = useParams();
  return <PageShell title={slug ? t.editor.editTitle : t.editor.createTitle} />;
}
