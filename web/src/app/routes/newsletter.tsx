// The newsletter's pages: /newsletter (the subscribe box on a page of its own), and the mailed
// links /newsletter/confirm?token= and /newsletter/unsubscribe?token=, each a button that POSTs.
import { CheckCircle2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useNewsletterLink, type LinkAction } from '@/features/newsletter/api/links';
import { SubscribeBox } from '@/features/newsletter/components/subscribe-box';
import { useNewsletterTexts } from '@/features/newsletter/utils/texts';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NewsletterRoute() {
  const texts = useNewsletterTexts();
  useDocumentTitle(texts.pageTitle);
  return (
    <PageShell title={texts.pageTitle} description={texts.pageDescription}>
      <SubscribeBox className="max-w-md" />
    </PageShell>
  );
}

function LinkPage({ action }: { action: LinkAction }) {
  const texts = useNewsletterTexts();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const call = useNewsletterLink(action);
  const words =
    action === 'confirm'
      ? {
          title: texts.confirmTitle,
          description: texts.confirmDescription,
          button: texts.confirm,
          busy: texts.confirming,
          done: texts.confirmed,
          invalid: texts.confirmInvalid,
        }
      : {
          title: texts.unsubscribeTitle,
          description: texts.unsubscribeDescription,
          button: texts.unsubscribe,
          busy: texts.unsubscribing,
          done: texts.unsubscribed,
          invalid: texts.unsubscribeInvalid,
        };
  useDocumentTitle(words.title);

  // A link without a token, or one the server refused (400), is invalid; anything else may pass.
  const invalid =
    token === '' || (call.isError && isApiError(call.error) && call.error.status === 400);
  let body;
  if (call.isSuccess) {
    body = (
      <p
        role="status"
        data-testid="newsletter-link-done"
        className="flex items-start gap-2 text-emerald-700"
      >
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {words.done}
      </p>
    );
  } else if (invalid) {
    body = (
      <Alert variant="destructive" data-testid="newsletter-link-invalid">
        <AlertDescription>{words.invalid}</AlertDescription>
      </Alert>
    );
  } else {
    body = (
      <div className="grid gap-4">
        {call.isError ? (
          <Alert variant="destructive" data-testid="newsletter-link-error">
            <AlertDescription>{texts.failed}</AlertDescription>
          </Alert>
        ) : null}
        <Button
          onClick={() => call.mutate(token)}
          disabled={call.isPending}
          data-testid={`newsletter-${action}-button`}
        >
          {call.isPending ? words.busy : words.button}
        </Button>
      </div>
    );
  }
  return (
    <PageShell title={words.title} description={words.description}>
      <Card className="max-w-md">
        <CardContent className="grid gap-4 pt-6">
          {body}
          <Link to={paths.home.getHref()} className="text-sm text-indigo-600 hover:underline">
            {texts.backHome}
          </Link>
        </CardContent>
      </Card>
    </PageShell>
  );
}

export const NewsletterConfirmRoute = () => <LinkPage action="confirm" />;
export const NewsletterUnsubscribeRoute = () => <LinkPage action="unsubscribe" />;
