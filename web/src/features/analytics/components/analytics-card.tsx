// The Analytics card of Admin → Analytics (issue 26): views and visitors per day as a chart with its
// table, the top posts and referrers, and views by language as bar tables, over 7, 30 or 90 days.
import { CircleAlert, Loader2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';

import { BarTable } from '@/components/ui/bar-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';

import { useAnalytics, type AnalyticsDays, type Named } from '../api/get-analytics';
import { useAnalyticsTexts } from '../utils/texts';

// The chart library comes with this card only, never with a reader's page.
const ViewsChart = lazy(() => import('./views-chart'));

function fill(text: string, values: Record<string, string | number>) {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

export function AnalyticsCard() {
  const texts = useAnalyticsTexts();
  const [days, setDays] = useState<AnalyticsDays>(30);
  const report = useAnalytics(days);
  const languageName = (code: string) =>
    code === 'cs' ? texts.czech : code === 'en' ? texts.english : code;
  const languageRows = (list: Named[]) =>
    list.map((l) => ({ key: l.name, name: languageName(l.name), value: l.views }));

  let body;
  if (report.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-slate-500">
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        {texts.loading}
      </p>
    );
  } else if (report.isError) {
    body = (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      >
        <CircleAlert aria-hidden="true" className="size-4" />
        <span className="flex-1">{texts.loadFailed}</span>
        <Button variant="outline" size="sm" onClick={() => void report.refetch()}>
          {texts.tryAgain}
        </Button>
      </div>
    );
  } else {
    const data = report.data;
    const views = data.days.reduce((sum, d) => sum + d.views, 0);
    const visitors = data.days.reduce((sum, d) => sum + d.visitors, 0);
    body = (
      <div className="space-y-6">
        {data.enabled ? null : (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">{texts.off}</p>
        )}
        {views === 0 ? (
          <p
            data-testid="analytics-empty"
            className="rounded-lg bg-slate-50 px-3 py-4 text-sm text-slate-500"
          >
            {texts.empty}
          </p>
        ) : (
          <>
            <Suspense fallback={<div className="h-[220px]" />}>
              <ViewsChart
                days={data.days}
                label={fill(texts.chartLabel, { views, visitors })}
                viewsLabel={texts.views}
                visitorsLabel={texts.visitors}
              />
            </Suspense>
            <details>
              <summary className="cursor-pointer text-sm font-medium text-slate-700">
                {texts.perDay}
              </summary>
              <table className="mt-2 w-full text-sm" data-testid="analytics-days-table">
                <thead>
                  <tr className="text-left text-slate-500">
                    <th scope="col">{texts.date}</th>
                    <th scope="col" className="text-right">
                      {texts.views}
                    </th>
                    <th scope="col" className="text-right">
                      {texts.visitors}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((d) => (
                    <tr key={d.date} className="border-b border-slate-100 last:border-0">
                      <td className="py-1 tabular-nums">{d.date}</td>
                      <td className="py-1 text-right tabular-nums">{d.views}</td>
                      <td className="py-1 text-right tabular-nums">{d.visitors}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </>
        )}
        <div className="grid gap-6 md:grid-cols-2">
          <BarTable
            empty={texts.empty}
            caption={texts.topPosts}
            head={[texts.post, texts.views]}
            testId="analytics-top-posts"
            rows={data.posts.map((p) => ({
              key: String(p.id),
              name: <Link to={`/post/${encodeURIComponent(p.slug)}`}>{p.title}</Link>,
              value: p.views,
            }))}
          />
          <BarTable
            empty={texts.empty}
            caption={texts.referrers}
            head={[texts.domain, texts.views]}
            testId="analytics-referrers"
            rows={data.referrers.map((r) => ({ key: r.name, name: r.name, value: r.views }))}
          />
          <BarTable
            empty={texts.empty}
            caption={texts.postLanguages}
            head={[texts.language, texts.views]}
            testId="analytics-post-languages"
            rows={languageRows(data.postLanguages)}
          />
          <BarTable
            empty={texts.empty}
            caption={texts.interfaceLanguages}
            head={[texts.language, texts.views]}
            testId="analytics-interface-languages"
            rows={languageRows(data.interfaceLanguages)}
          />
        </div>
      </div>
    );
  }

  return (
    <Card data-testid="analytics-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>{texts.cardTitle}</CardTitle>
          <CardDescription>{texts.cardDescription}</CardDescription>
        </div>
        <Tabs
          value={String(days)}
          onValueChange={(value) => setDays(value === '7' ? 7 : value === '90' ? 90 : 30)}
        >
          <TabsList aria-label={texts.cardTitle}>
            <TabsTrigger value="7">{texts.days7}</TabsTrigger>
            <TabsTrigger value="30">{texts.days30}</TabsTrigger>
            <TabsTrigger value="90">{texts.days90}</TabsTrigger>
          </TabsList>
        </Tabs>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
