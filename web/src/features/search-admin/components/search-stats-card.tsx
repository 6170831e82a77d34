// The search card (admin dashboard and Admin → Analytics): top queries and top queries without
// results over the last 7 or 30 days, as bar charts that are tables.
import { CircleAlert, Loader2 } from 'lucide-react';
import { useState } from 'react';

import { BarTable } from '@/components/ui/bar-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { QueryCount } from '@/types/api';

import { useSearchStats, type StatsDays } from '../api/get-search-stats';
import { useSearchAdminTexts } from '../utils/texts';

function QueryList({
  title,
  rows,
  empty,
  testId,
}: {
  title: string;
  rows: QueryCount[];
  empty: string;
  testId: string;
}) {
  const texts = useSearchAdminTexts().stats;
  return (
    <BarTable
      caption={title}
      head={[texts.query, texts.count]}
      rows={rows.map((row) => ({ key: row.query, name: row.query, value: row.count }))}
      empty={empty}
      testId={testId}
    />
  );
}

export function SearchStatsCard() {
  const texts = useSearchAdminTexts().stats;
  const [days, setDays] = useState<StatsDays>(7);
  const stats = useSearchStats(days);

  return (
    <Card data-testid="search-stats-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>{texts.title}</CardTitle>
          <CardDescription>{texts.description}</CardDescription>
        </div>
        <Tabs value={String(days)} onValueChange={(value) => setDays(value === '30' ? 30 : 7)}>
          <TabsList aria-label={texts.title}>
            <TabsTrigger value="7">{texts.days7}</TabsTrigger>
            <TabsTrigger value="30">{texts.days30}</TabsTrigger>
          </TabsList>
        </Tabs>
      </CardHeader>
      <CardContent>
        {stats.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            {texts.loading}
          </p>
        ) : stats.isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          >
            <CircleAlert aria-hidden="true" className="size-4" />
            <span className="flex-1">{texts.loadFailed}</span>
            <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
              {texts.tryAgain}
            </Button>
          </div>
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            <QueryList
              title={texts.top}
              rows={stats.data.top}
              empty={texts.empty}
              testId="search-stats-top"
            />
            <QueryList
              title={texts.zeroResults}
              rows={stats.data.zeroResults}
              empty={stats.data.top.length === 0 ? texts.empty : texts.emptyZero}
              testId="search-stats-zero"
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
