// The subscribers: counts by language and state, then the list searchable by address and
// filterable by state and language, paged, with removal (after a confirmation) and the CSV export.
// The search asks the server once the typing pauses; the list shown stays until the next arrives.
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { interpolate, LANGUAGES, useFormatDate, type Language } from '@/lib/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import {
  SUBSCRIBER_SEARCH_DEBOUNCE_MS,
  SUBSCRIBER_STATES,
  useDeleteSubscriber,
  useSubscribers,
  type Subscriber,
  type SubscriberFilter,
  type SubscriberList,
} from '../api/newsletter-admin';
import { useNewsletterAdminTexts } from '../utils/texts';

const selectClass =
  'h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40';

function Counts({ counts }: { counts: SubscriberList['counts'] }) {
  const texts = useNewsletterAdminTexts();
  const names: Record<Language, string> = { en: texts.english, cs: texts.czech };
  return (
    <Table data-testid="newsletter-counts">
      <TableHeader>
        <TableRow>
          <TableHead>{texts.language}</TableHead>
          {SUBSCRIBER_STATES.map((state) => (
            <TableHead key={state} className="text-right">
              {texts.states[state]}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {LANGUAGES.map((language) => (
          <TableRow key={language} data-testid={`newsletter-counts-${language}`}>
            <TableCell>{names[language]}</TableCell>
            {SUBSCRIBER_STATES.map((state) => (
              <TableCell
                key={state}
                className="text-right tabular-nums"
                data-testid={`newsletter-count-${language}-${state}`}
              >
                {counts[language][state]}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function SubscribersCard() {
  const texts = useNewsletterAdminTexts();
  const formatDate = useFormatDate();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, SUBSCRIBER_SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<SubscriberFilter>({
    q: '',
    state: '',
    language: '',
    page: 1,
  });
  // A page belongs to the search it was chosen for: a new search starts again at page 1, derived
  // here rather than set from an effect, so the old search's page 1 is never asked for.
  const filter = chosen.q === q ? chosen : { ...chosen, q, page: 1 };
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  const list = useSubscribers(filter);
  const remove = useDeleteSubscriber();
  const change = (next: Partial<SubscriberFilter>) => setChosen({ ...filter, page: 1, ...next });
  // The typed search waits, or the new answer loads, while the last one stays on screen.
  const updating = list.data !== undefined && (search !== q || list.isPlaceholderData);
  const pages = list.data
    ? Math.max(1, Math.ceil(list.data.total / (list.data.pageSize || 20)))
    : 1;

  let rows;
  if (list.isPending) {
    rows = <p className="text-sm text-slate-500">{texts.loading}</p>;
  } else if (list.isError) {
    rows = (
      <Alert variant="destructive" data-testid="newsletter-subscribers-error">
        <AlertDescription>{texts.loadFailed}</AlertDescription>
      </Alert>
    );
  } else if (list.data.subscribers.length === 0) {
    rows = (
      <p className="text-sm text-slate-500" data-testid="newsletter-subscribers-empty">
        {texts.empty}
      </p>
    );
  } else {
    rows = (
      <Table data-testid="newsletter-subscribers">
        <TableHeader>
          <TableRow>
            <TableHead>{texts.email}</TableHead>
            <TableHead>{texts.language}</TableHead>
            <TableHead>{texts.state}</TableHead>
            <TableHead>{texts.created}</TableHead>
            <TableHead>{texts.confirmed}</TableHead>
            <TableHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.data.subscribers.map((s) => (
            <TableRow key={s.id} data-testid="newsletter-subscriber">
              <TableCell className="break-all">{s.email}</TableCell>
              <TableCell>{s.language === 'cs' ? texts.czech : texts.english}</TableCell>
              <TableCell data-testid="newsletter-subscriber-state">
                {texts.states[s.state]}
              </TableCell>
              <TableCell>{formatDate(s.createdAt)}</TableCell>
              <TableCell>{s.confirmedAt ? formatDate(s.confirmedAt) : '—'}</TableCell>
              <TableCell className="text-right">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRemoving(s)}
                  data-testid="newsletter-remove"
                  aria-label={`${texts.remove} ${s.email}`}
                >
                  <Trash2 aria-hidden="true" />
                  {texts.remove}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <Card data-testid="newsletter-subscribers-card">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{texts.countsTitle}</CardTitle>
        {/* A plain link: the browser downloads the file (Content-Disposition: attachment). */}
        <Button asChild variant="outline" size="sm" data-testid="newsletter-export">
          <a href="/api/admin/newsletter/subscribers.csv" download>
            <Download aria-hidden="true" />
            {texts.exportCsv}
          </a>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6">
        {list.data ? <Counts counts={list.data.counts} /> : null}
        <div className="grid gap-3">
          <div className="flex flex-wrap items-baseline gap-3">
            <h3 className="text-base font-semibold text-slate-900">{texts.listTitle}</h3>
            {updating ? (
              <span
                role="status"
                className="text-sm text-slate-500"
                data-testid="newsletter-subscribers-updating"
              >
                {texts.loading}
              </span>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-3">
            <Input
              type="search"
              className="max-w-xs"
              aria-label={texts.search}
              placeholder={texts.search}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              data-testid="newsletter-search"
            />
            <select
              aria-label={texts.state}
              className={selectClass}
              value={filter.state}
              onChange={(event) =>
                change({ state: event.target.value as SubscriberFilter['state'] })
              }
              data-testid="newsletter-state-filter"
            >
              <option value="">{texts.anyState}</option>
              {SUBSCRIBER_STATES.map((state) => (
                <option key={state} value={state}>
                  {texts.states[state]}
                </option>
              ))}
            </select>
            <select
              aria-label={texts.language}
              className={selectClass}
              value={filter.language}
              onChange={(event) =>
                change({ language: event.target.value as SubscriberFilter['language'] })
              }
              data-testid="newsletter-language-filter"
            >
              <option value="">{texts.anyLanguage}</option>
              <option value="en">{texts.english}</option>
              <option value="cs">{texts.czech}</option>
            </select>
          </div>
          {remove.isError ? (
            <Alert variant="destructive">
              <AlertDescription>{texts.removeFailed}</AlertDescription>
            </Alert>
          ) : null}
          {rows}
          {pages > 1 ? (
            <div className="flex items-center gap-3 text-sm text-slate-600">
              <Button
                variant="outline"
                size="sm"
                disabled={filter.page <= 1}
                onClick={() => setChosen({ ...filter, page: filter.page - 1 })}
                data-testid="newsletter-previous"
              >
                {texts.previous}
              </Button>
              <span data-testid="newsletter-page">
                {interpolate(texts.pageOf, { page: filter.page, pages })}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={filter.page >= pages}
                onClick={() => setChosen({ ...filter, page: filter.page + 1 })}
                data-testid="newsletter-next"
              >
                {texts.next}
              </Button>
            </div>
          ) : null}
        </div>
      </CardContent>
      <AlertDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
      >
        <AlertDialogContent data-testid="newsletter-remove-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{texts.removeTitle}</AlertDialogTitle>
            <AlertDialogDescription>
              {interpolate(texts.removeDescription, { email: removing?.email ?? '' })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel data-testid="newsletter-remove-cancel">
              {texts.cancel}
            </AlertDialogCancel>
            <AlertDialogAction
              data-testid="newsletter-remove-confirm"
              onClick={() => {
                if (removing) remove.mutate(removing.id);
              }}
            >
              {texts.remove}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
