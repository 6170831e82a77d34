// Admin → Import: choose an export, upload it, follow the job any node runs, read its report.
import { CircleAlert, CircleCheck, Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { interpolate } from '@/lib/i18n';
import { useImportTexts } from '@/lib/i18n/import-texts';

import { useImportJob, useStartImport, type ImportReport } from '../api/import';
import {
  translateImportMessage,
  translateNotImportedKind,
  type ImportTexts,
} from '../utils/report-messages';

function Counts({ report, texts }: { report: ImportReport; texts: ImportTexts }) {
  const rows: [string, string | number][] = [
    [texts.format, translateImportMessage(report.format, texts)],
    [texts.created, report.created],
    [texts.updated, report.updated],
    [texts.unchanged, report.unchanged],
    [texts.categoriesCreated, report.categoriesCreated],
    [texts.authorsCreated, report.authorsCreated],
    [texts.pairsLinked, report.pairsLinked],
    [texts.imagesStored, report.imagesStored],
    [texts.redirectsAdded, report.redirectsAdded],
    [texts.skipped, report.skipped.length],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm" data-testid="import-counts">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

// `name` says what each key is in the interface language (language codes stay as they are).
function Tally({
  title,
  counts,
  name = (what) => what,
}: {
  title: string;
  counts: Record<string, number>;
  name?: (what: string) => string;
}) {
  const entries = Object.entries(counts);
  if (entries.length === 0) return null;
  return (
    <p className="text-sm">
      <span className="font-medium">{title}: </span>
      {entries.map(([what, n]) => `${name(what)} ${n}`).join(', ')}
    </p>
  );
}

function Report({ report, texts }: { report: ImportReport; texts: ImportTexts }) {
  return (
    <div className="grid gap-4" data-testid="import-report">
      <Counts report={report} texts={texts} />
      <Tally
        title={texts.notImported}
        counts={report.notImported}
        name={(what) => translateNotImportedKind(what, texts)}
      />
      <Tally title={texts.otherLanguages} counts={report.otherLanguages} />
      {report.skipped.length > 0 ? (
        <Table data-testid="import-skipped">
          <TableHeader>
            <TableRow>
              <TableHead>{texts.skippedItem}</TableHead>
              <TableHead>{texts.skippedReason}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.skipped.map((item) => (
              <TableRow key={`${item.id}-${item.reason}`}>
                <TableCell className="font-mono text-xs">{item.id}</TableCell>
                <TableCell>{translateImportMessage(item.reason, texts)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {report.problems.length > 0 ? (
        <div className="grid gap-1">
          <p className="text-sm font-medium">{texts.problems}</p>
          <ul className="list-disc pl-5 text-sm" data-testid="import-problems">
            {report.problems.map((problem) => (
              <li key={problem}>{translateImportMessage(problem, texts)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export function ImportPanel() {
  const texts = useImportTexts();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const start = useStartImport();
  const job = useImportJob(start.data?.id ?? null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    start.mutate(file);
  };

  const reset = () => {
    start.reset();
    setFile(null);
    setMissing(false);
  };

  const state = job.data?.state;
  let body;
  if (start.isIdle || start.isError) {
    const failure = start.error?.message;
    const error = missing
      ? texts.chooseFile
      : failure
        ? translateImportMessage(failure, texts)
        : undefined;
    body = (
      <form noValidate onSubmit={onSubmit} className="grid gap-4" data-testid="import-form">
        <div className="grid gap-2">
          <Label htmlFor={inputId}>{texts.fileLabel}</Label>
          <Input
            id={inputId}
            name="file"
            type="file"
            accept=".xml,.json,.gz,.tgz,application/xml,text/xml,application/json,application/gzip"
            aria-describedby={`${inputId}-hint`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setMissing(false);
            }}
          />
          <p id={`${inputId}-hint`} className="text-xs text-slate-500">
            {texts.fileHint}
          </p>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-600" data-testid="import-error">
            {error}
          </p>
        ) : null}
        <div>
          <Button type="submit" data-testid="import-start">
            <Upload aria-hidden="true" />
            {texts.start}
          </Button>
        </div>
      </form>
    );
  } else if (start.isPending || !job.data || state === 'queued' || state === 'running') {
    const percent = job.data?.progress ?? 0;
    const label = start.isPending
      ? texts.uploading
      : state === 'running'
        ? interpolate(texts.running, { percent })
        : texts.queued;
    body = (
      <div className="grid gap-3" data-testid="import-progress">
        {/* The spinner announces the label (role="status"); the visible copy is for the eye. */}
        <div className="flex items-center gap-2 text-sm">
          <Spinner label={label} />
          <span aria-hidden="true">{label}</span>
        </div>
        <progress
          className="h-2 w-full"
          max={100}
          value={start.isPending ? undefined : percent}
          aria-label={texts.progressLabel}
        />
      </div>
    );
  } else if (state === 'failed') {
    body = (
      <div className="grid gap-4">
        <Alert variant="destructive" data-testid="import-failed">
          <CircleAlert aria-hidden="true" className="size-4" />
          <AlertTitle>{texts.failed}</AlertTitle>
          {job.data.error ? (
            <AlertDescription>{translateImportMessage(job.data.error, texts)}</AlertDescription>
          ) : null}
        </Alert>
        <div>
          <Button variant="outline" onClick={reset}>
            {texts.another}
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <p className="flex items-center gap-2 font-medium" data-testid="import-done">
          <CircleCheck aria-hidden="true" className="size-5 text-emerald-600" />
          {texts.done}
        </p>
        {job.data.report ? <Report report={job.data.report} texts={texts} /> : null}
        <div>
          <Button variant="outline" onClick={reset}>
            {texts.another}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Card data-testid="import-panel">
      <CardHeader>
        <CardTitle className="text-base">{texts.fileLabel}</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
