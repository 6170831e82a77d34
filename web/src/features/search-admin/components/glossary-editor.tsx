// The glossary editor: English and Czech term pairs to add, edit and remove, saved as one list;
// each field shows its own error, whether found here or sent back by the server.
import { CircleAlert, Loader2, Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { interpolate } from '@/lib/i18n';
import type { GlossaryTerm } from '@/types/api';

import { useGlossary, useSaveGlossary } from '../api/glossary';
import {
  fieldKey,
  placeServerErrors,
  SIDES,
  termsToSave,
  validateRows,
  type GlossaryRow,
  type RowErrors,
  type Side,
} from '../utils/glossary-form';
import { useSearchAdminTexts, type SearchAdminTexts } from '../utils/texts';

function GlossaryForm({ initial }: { initial: GlossaryTerm[] }) {
  const texts = useSearchAdminTexts().glossary;
  const formId = useId();
  const nextKey = useRef(initial.length);
  const [rows, setRows] = useState<GlossaryRow[]>(() =>
    initial.map((term, index) => ({ ...term, key: index })),
  );
  const [errors, setErrors] = useState<RowErrors>({});
  const [formError, setFormError] = useState<string[]>([]);
  const save = useSaveGlossary();
  const sideName: Record<Side, string> = { en: texts.english, cs: texts.czech };

  const edit = (index: number, side: Side, value: string) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [side]: value } : row)));
    const key = fieldKey(index, side);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => k !== key)));
  };

  const remove = (index: number) => {
    setRows((current) => current.filter((_, i) => i !== index));
    // Row numbers after the removed one shift; the checks run again on save.
    setErrors({});
  };

  const add = () => {
    setRows((current) => [...current, { en: '', cs: '', key: nextKey.current++ }]);
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError([]);
    const found = validateRows(rows, texts);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { terms, rowOf } = termsToSave(rows);
    save.mutate(terms, {
      onSuccess: (glossary) => {
        setRows(glossary.terms.map((term, index) => ({ ...term, key: nextKey.current + index })));
        nextKey.current += glossary.terms.length;
        toast({ title: texts.saved, description: texts.savedDescription });
      },
      onError: (error) => {
        const placed = isApiError(error)
          ? placeServerErrors(error.fields, rowOf)
          : { rows: {}, other: [] };
        setErrors(placed.rows);
        const other = placed.other.length > 0 ? placed.other : [error.message];
        setFormError(Object.keys(placed.rows).length > 0 ? placed.other : other);
        toast({ title: texts.saveFailed, description: error.message, variant: 'destructive' });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="glossary-form" className="space-y-4">
      {formError.length > 0 ? (
        <div
          role="alert"
          data-testid="glossary-form-error"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          {formError.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {rows.length === 0 ? <p className="text-sm text-slate-500">{texts.empty}</p> : null}
      {rows.length > 0 ? (
        <div className="hidden grid-cols-[1fr_1fr_2.75rem] gap-3 text-sm font-semibold text-slate-700 sm:grid">
          <span>{texts.english}</span>
          <span>{texts.czech}</span>
        </div>
      ) : null}
      <ul className="space-y-3">
        {rows.map((row, index) => (
          <li
            key={row.key}
            data-testid="glossary-row"
            className="grid grid-cols-[1fr_2.75rem] gap-3 sm:grid-cols-[1fr_1fr_2.75rem]"
          >
            {SIDES.map((side) => {
              const id = `${formId}-${row.key}-${side}`;
              const error = errors[fieldKey(index, side)];
              return (
                <div key={side} className="col-start-1 grid gap-1 sm:col-start-auto">
                  <Input
                    id={id}
                    lang={side}
                    value={row[side]}
                    onChange={(event) => edit(index, side, event.target.value)}
                    aria-label={interpolate(texts.termLabel, {
                      language: sideName[side],
                      number: index + 1,
                    })}
                    placeholder={sideName[side]}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    data-testid={`glossary-${side}`}
                  />
                  {error ? (
                    <p
                      id={`${id}-error`}
                      data-testid={`glossary-error-${index}-${side}`}
                      className="text-xs font-medium text-red-600"
                    >
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
            <Button
              type="button"
              variant="ghost"
              size="icon"
              onClick={() => remove(index)}
              aria-label={interpolate(texts.remove, { number: index + 1 })}
              className="col-start-2 row-span-2 row-start-1 size-11 sm:col-start-auto sm:row-span-1"
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={add} data-testid="glossary-add">
          <Plus aria-hidden="true" />
          {texts.add}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="glossary-save">
          {save.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {save.isPending ? texts.saving : texts.save}
        </Button>
      </div>
    </form>
  );
}

function LoadFailed({ texts, retry }: { texts: SearchAdminTexts['glossary']; retry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <CircleAlert aria-hidden="true" className="size-4" />
      <span className="flex-1">{texts.loadFailed}</span>
      <Button variant="outline" size="sm" onClick={retry}>
        {texts.tryAgain}
      </Button>
    </div>
  );
}

export function GlossaryEditor() {
  const texts = useSearchAdminTexts().glossary;
  const glossary = useGlossary();
  return (
    <Card data-testid="glossary-card">
      <CardHeader>
        <CardTitle>{texts.title}</CardTitle>
        <CardDescription>{texts.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {glossary.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            {texts.loading}
          </p>
        ) : glossary.isError ? (
          <LoadFailed texts={texts} retry={() => void glossary.refetch()} />
        ) : (
          <GlossaryForm key={String(glossary.data.version)} initial={glossary.data.terms} />
        )}
      </CardContent>
    </Card>
  );
}
