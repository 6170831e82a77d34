// Recent published posts with what the newsletter did with each (posts.newsletter) and its mails
// by state; a post never sent (none, skipped) has 'Send by e-mail'.
import { Send } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { interpolate, useFormatDate } from '@/lib/i18n';

import { usePostNewsletters, useSendPost, type PostNewsletter } from '../api/newsletter-admin';
import { useNewsletterAdminTexts } from '../utils/texts';

function SendButton({ post }: { post: PostNewsletter }) {
  const texts = useNewsletterAdminTexts();
  const send = useSendPost();
  if (send.isSuccess)
    return (
      <span role="status" className="text-sm text-emerald-700" data-testid="newsletter-send-done">
        {interpolate(texts.queuedCount, { count: send.data.queued })}
      </span>
    );
  return (
    <div className="grid justify-items-end gap-1">
      <Button
        size="sm"
        variant="outline"
        disabled={send.isPending}
        onClick={() => send.mutate(post.id)}
        data-testid="newsletter-send"
      >
        <Send aria-hidden="true" />
        {send.isPending ? texts.sending : texts.send}
      </Button>
      {send.isError ? (
        <span role="alert" className="text-sm text-red-600" data-testid="newsletter-send-error">
          {isApiError(send.error) && send.error.status === 409
            ? texts.alreadySent
            : texts.sendFailed}
        </span>
      ) : null}
    </div>
  );
}

export function PostsCard() {
  const texts = useNewsletterAdminTexts();
  const formatDate = useFormatDate();
  const posts = usePostNewsletters();

  let body;
  if (posts.isPending) body = <p className="text-sm text-slate-500">{texts.loading}</p>;
  else if (posts.isError)
    body = (
      <Alert variant="destructive" data-testid="newsletter-posts-error">
        <AlertDescription>{texts.loadFailed}</AlertDescription>
      </Alert>
    );
  else if (posts.data.length === 0)
    body = (
      <p className="text-sm text-slate-500" data-testid="newsletter-posts-empty">
        {texts.noPosts}
      </p>
    );
  else
    body = (
      <Table data-testid="newsletter-posts">
        <TableHeader>
          <TableRow>
            <TableHead>{texts.post}</TableHead>
            <TableHead>{texts.newsletter}</TableHead>
            <TableHead className="text-right">{texts.queued}</TableHead>
            <TableHead className="text-right">{texts.sent}</TableHead>
            <TableHead className="text-right">{texts.failed}</TableHead>
            <TableHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {posts.data.map((post) => (
            <TableRow key={post.id} data-testid="newsletter-post">
              <TableCell>
                <Link to={paths.post.getHref(post.slug)} className="hover:underline">
                  {post.title}
                </Link>
              </TableCell>
              <TableCell data-testid="newsletter-post-state">
                {interpolate(texts.postStates[post.newsletter], {
                  date: post.newsletterSentAt ? formatDate(post.newsletterSentAt) : '',
                })}
              </TableCell>
              <TableCell className="text-right tabular-nums">{post.queued}</TableCell>
              <TableCell className="text-right tabular-nums">{post.sent}</TableCell>
              <TableCell className="text-right tabular-nums">{post.failed}</TableCell>
              <TableCell className="text-right">
                {post.newsletter === 'none' || post.newsletter === 'skipped' ? (
                  <SendButton post={post} />
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );

  return (
    <Card data-testid="newsletter-posts-card">
      <CardHeader>
        <CardTitle>{texts.postsTitle}</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
