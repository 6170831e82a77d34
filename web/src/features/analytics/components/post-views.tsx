// A post's views for the people who write it: the 30-day figure in My posts and Manage Posts, and
// the editor's last-30-days line (an SVG drawn here, no chart library; the figure is its text).
import { usePostDays, usePostViews } from '../api/get-post-views';
import { useAnalyticsTexts } from '../utils/texts';

function fill(text: string, views: number) {
  return text.replace('{views}', String(views));
}

/** The post's views over 30 days: a bare number (a table's column) or "12 views" (a list). */
export function PostViewsCount({
  postId,
  mine,
  withLabel = false,
}: {
  postId: number;
  /** Only the caller's own posts (My posts); otherwise every post the caller may see. */
  mine: boolean;
  withLabel?: boolean;
}) {
  const texts = useAnalyticsTexts();
  const views = usePostViews(mine);
  if (!views.isSuccess) return <span aria-hidden="true">–</span>;
  const n = views.data[postId] ?? 0;
  return (
    <span data-testid="post-views" title={texts.postViewsHint} className="tabular-nums">
      {withLabel ? fill(n === 1 ? texts.postViews.one : texts.postViews.other, n) : n}
    </span>
  );
}

/** The editor's line of the post's views per day over the last 30 days. */
export function PostViewsLine({ postId }: { postId: number }) {
  const texts = useAnalyticsTexts();
  const days = usePostDays(postId);
  if (days.isPending) return null;
  if (days.isError) {
    return (
      <p data-testid="post-views-line" className="mb-4 text-sm text-slate-500">
        {texts.postLineFailed}
      </p>
    );
  }
  const points = days.data.days.map((d) => d.views);
  const largest = Math.max(1, ...points);
  const width = 120;
  const height = 24;
  const step = points.length > 1 ? width / (points.length - 1) : width;
  const line = points
    .map(
      (v, i) =>
        `${(i * step).toFixed(1)},${(height - 1 - (v / largest) * (height - 2)).toFixed(1)}`,
    )
    .join(' ');
  return (
    <p
      data-testid="post-views-line"
      className="mb-4 flex items-center gap-3 text-sm text-slate-600"
    >
      {points.length > 1 ? (
        <svg
          aria-hidden="true"
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="shrink-0 text-indigo-600"
        >
          <polyline points={line} fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      ) : null}
      <span>{fill(texts.postLine, days.data.views)}</span>
    </p>
  );
}
