// What the editor shows instead of the form: to a logged-out visitor, and to an account that is
// not (or not yet) approved.
import { Ban, Clock, LogIn } from 'lucide-react';
import { Link } from 'react-router-dom';

import { StatusScreen } from '@/components/layouts/status-screen';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useEditorTexts } from '@/lib/i18n/editor-texts';
import type { ApprovalStatus } from '@/types/api';

export function LoginRequired() {
  const editorT = useEditorTexts();
  return (
    <StatusScreen
      testId="editor-login-required"
      icon={<LogIn aria-hidden="true" />}
      title={editorT.access.loginRequired}
      action={
        <Button asChild>
          <Link to={paths.auth.getHref()}>{editorT.access.signIn}</Link>
        </Button>
      }
    />
  );
}

export function PendingApproval({ status }: { status: ApprovalStatus }) {
  const editorT = useEditorTexts();
  const rejected = status === 'rejected';
  return (
    <div
      data-testid="editor-pending"
      data-status={status}
      className="container flex min-h-[60vh] items-center justify-center py-16"
    >
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div
          className={
            rejected
              ? 'mx-auto mb-5 grid size-14 place-items-center rounded-full bg-red-50 text-red-600 [&_svg]:size-7'
              : 'mx-auto mb-5 grid size-14 place-items-center rounded-full bg-yellow-50 text-yellow-600 [&_svg]:size-7'
          }
        >
          {rejected ? <Ban aria-hidden="true" /> : <Clock aria-hidden="true" />}
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {editorT.access.pendingTitle}
        </h1>
        <p data-testid="editor-pending-message" className="mt-3 font-medium text-slate-800">
          {rejected ? editorT.access.rejected : editorT.access.pending}
        </p>
        <p className="mt-2 text-sm text-slate-600">
          {rejected ? editorT.access.rejectedHint : editorT.access.pendingHint}
        </p>
        <Button asChild className="mt-6">
          <Link to={paths.home.getHref()}>{editorT.access.returnHome}</Link>
        </Button>
      </div>
    </div>
  );
}
