// The instant search panel (loaded on first use): a combobox whose listbox fills as the reader
// types, arrow keys and Enter to pick, Escape to close, "See all results" for the search page.
// A full-width sheet on a phone, a centred panel from `sm` up.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { AlertCircle, Loader2, Search, X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { overlayClassName } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { interpolate, useFormatDate, useLanguage, useT, type ContentLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { SearchHit } from '@/types/api';

import { useInstantSearch, type InstantSearchState, type SearchFn } from '../hooks/instant-search';
import { NO_OPTION, nextActiveOption } from '../utils/active-option';
import { pluralText, resultCountText } from '../utils/result-count';
import { useSearchTexts } from '../utils/texts';

import { Snippet } from './snippet';

export interface SearchPanelProps {
  open: boolean;
  /** Text already typed into the header field before the panel opened. */
  initialQuery: string;
  contentLanguage: ContentLanguage;
  /** `restoreFocus` is false when the reader leaves for another page. */
  onClose: (restoreFocus: boolean) => void;
  /** Switches the content filter to Czech + English (offered when it hid Czech hits). */
  onShowHidden?: () => void;
  /** Tests pass their own; the app searches /api/search. */
  search?: SearchFn;
}

const NAVIGATION_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

function useAnnouncement(state: InstantSearchState): string {
  const t = useT();
  const texts = useSearchTexts();
  const language = useLanguage();
  switch (state.status) {
    case 'loading':
      return texts.panel.searching;
    case 'success':
      return state.page && state.page.results.length > 0
        ? resultCountText(t, language, state.page.total)
        : t.search.noResults;
    case 'error':
      return t.search.errorHint;
    default:
      return '';
  }
}

function HitRow({
  hit,
  id,
  active,
  onPick,
  onHover,
}: {
  hit: SearchHit;
  id: string;
  active: boolean;
  onPick: () => void;
  onHover: () => void;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  const languageName = hit.language === 'cs' ? t.language.czech : t.language.english;
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      data-testid="search-panel-option"
      data-slug={hit.slug}
      onMouseMove={onHover}
      onClick={onPick}
      className={cn(
        'flex min-h-12 cursor-pointer flex-col gap-1 rounded-lg px-3 py-2.5 text-left',
        active ? 'bg-indigo-50 ring-1 ring-indigo-200' : 'hover:bg-slate-50',
      )}
    >
      <span lang={hit.language} className="font-semibold leading-snug text-slate-900">
        {hit.title}
      </span>
      <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
        <span className="rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-700">
          {hit.category}
        </span>
        <span lang={hit.language}>{languageName}</span>
        {hit.publishedAt ? (
          <time dateTime={hit.publishedAt}>{formatDate(hit.publishedAt)}</time>
        ) : null}
      </span>
      {hit.snippet ? (
        <Snippet
          html={hit.snippet}
          lang={hit.language}
          className="line-clamp-2 text-sm leading-relaxed text-slate-600"
        />
      ) : null}
    </li>
  );
}

/** The line above the list: the hint, "Searching...", no results or the error. */
function StatusMessage({ state }: { state: InstantSearchState }) {
  const t = useT();
  const texts = useSearchTexts();
  const busy = state.status === 'typing' || state.status === 'loading';

  if (state.status === 'idle')
    return <p className="px-3 py-6 text-center text-sm text-slate-500">{texts.panel.hint}</p>;
  if (state.status === 'error')
    return (
      <div
        data-testid="search-panel-error"
        className="m-2 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      >
        <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div>
          <p className="font-semibold">
            {interpolate(t.search.error, {
              error: state.error instanceof Error ? state.error.message : t.errors.generic,
            })}
          </p>
          <p className="mt-1 text-red-700">{t.search.errorHint}</p>
        </div>
      </div>
    );
  if (!state.page)
    return (
      <p
        data-testid="search-panel-loading"
        className="flex items-center justify-center gap-2 px-3 py-6 text-sm text-slate-500"
      >
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        {texts.panel.searching}
      </p>
    );
  if (state.page.results.length === 0 && !busy)
    return (
      <div data-testid="search-panel-empty" className="px-3 py-6 text-center">
        <p className="font-semibold text-slate-900">{t.search.noResults}</p>
        <p className="mt-1 text-sm text-slate-500">{t.search.noResultsHint}</p>
      </div>
    );
  return null;
}

export function SearchPanel({
  open,
  initialQuery,
  contentLanguage,
  onClose,
  onShowHidden,
  search,
}: SearchPanelProps) {
  const t = useT();
  const texts = useSearchTexts();
  const language = useLanguage();
  const navigate = useNavigate();
  const [text, setText] = useState(initialQuery);
  const [active, setActive] = useState(NO_OPTION);
  const state = useInstantSearch(text, contentLanguage, search);
  const announcement = useAnnouncement(state);
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const hits = state.status === 'idle' ? [] : (state.page?.results ?? []);
  const activeHit = active >= 0 && active < hits.length ? hits[active] : undefined;
  const trimmed = text.trim();
  const busy = state.status === 'typing' || state.status === 'loading';
  const hidden = state.status === 'idle' ? 0 : (state.page?.hiddenByLanguage ?? 0);

  const leaveFor = (href: string) => {
    onClose(false);
    navigate(href);
  };

  const change = (value: string) => {
    setText(value);
    setActive(NO_OPTION);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (NAVIGATION_KEYS.has(event.key) && hits.length > 0) {
      // Home and End keep their text-editing meaning until the reader is in the list.
      if ((event.key === 'Home' || event.key === 'End') && active === NO_OPTION) return;
      event.preventDefault();
      setActive(nextActiveOption(active, event.key, hits.length));
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      if (activeHit) leaveFor(paths.post.getHref(activeHit.slug));
      else if (trimmed !== '') leaveFor(paths.search.getHref(trimmed));
    }
  };

  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose(true);
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClassName} />
        <DialogPrimitive.Content
          data-testid="search-panel"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // The launcher puts focus back itself, so focusing its field does not reopen us.
            event.preventDefault();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-white text-slate-900 shadow-xl focus:outline-none sm:inset-x-0 sm:bottom-auto sm:top-[10vh] sm:mx-auto sm:max-h-[80vh] sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:rounded-xl sm:border sm:border-slate-200"
        >
          <DialogPrimitive.Title className="sr-only">{t.search.label}</DialogPrimitive.Title>
          <div className="flex items-center gap-2 border-b border-slate-200 px-3">
            {busy ? (
              <Loader2
                aria-hidden="true"
                className="size-5 shrink-0 animate-spin text-indigo-500"
              />
            ) : (
              <Search aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
            )}
            <input
              ref={inputRef}
              data-testid="search-panel-input"
              type="text"
              role="combobox"
              aria-label={t.search.label}
              aria-autocomplete="list"
              aria-expanded={hits.length > 0}
              aria-controls={listboxId}
              aria-activedescendant={activeHit ? optionId(active) : undefined}
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="search"
              value={text}
              placeholder={t.search.placeholder}
              onChange={(event) => change(event.target.value)}
              onKeyDown={keyDown}
              className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-slate-400"
            />
            <DialogPrimitive.Close
              data-testid="search-panel-close"
              aria-label={texts.panel.close}
              className="grid size-11 shrink-0 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
            {announcement}
          </p>
          <div className="min-h-0 flex-1 overflow-y-auto py-2">
            <StatusMessage state={state} />
            <ul
              id={listboxId}
              role="listbox"
              aria-label={texts.panel.results}
              data-testid="search-panel-results"
              className="space-y-1 px-2"
            >
              {hits.map((hit, index) => (
                <HitRow
                  key={hit.id}
                  hit={hit}
                  id={optionId(index)}
                  active={index === active}
                  onHover={() => setActive(index)}
                  onPick={() => leaveFor(paths.post.getHref(hit.slug))}
                />
              ))}
            </ul>
            {hidden > 0 && onShowHidden ? (
              <button
                type="button"
                data-testid="search-panel-show-hidden"
                onClick={onShowHidden}
                className="mx-2 mt-1 min-h-11 rounded-lg px-3 text-left text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                {pluralText(texts.hidden, language, hidden)}
              </button>
            ) : null}
          </div>
          <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-3 py-2">
            <p aria-hidden="true" className="hidden gap-3 text-xs text-slate-500 sm:flex">
              <span>
                <kbd className="font-sans">↑↓</kbd> {texts.panel.keysMove}
              </span>
              <span>
                <kbd className="font-sans">↵</kbd> {texts.panel.keysOpen}
              </span>
              <span>
                <kbd className="font-sans">Esc</kbd> {texts.panel.keysClose}
              </span>
            </p>
            {trimmed !== '' ? (
              <Link
                data-testid="search-panel-see-all"
                to={paths.search.getHref(trimmed)}
                onClick={(event) => {
                  event.preventDefault();
                  leaveFor(paths.search.getHref(trimmed));
                }}
                className="ml-auto inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-indigo-600 hover:bg-indigo-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                {texts.panel.seeAll}
              </Link>
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
