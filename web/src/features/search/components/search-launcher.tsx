// The header's search field and the `/` and Ctrl/⌘-K shortcuts: any of them opens the instant
// search panel, whose code loads on first use (or when the reader points at the field), so a
// first visit does not pay for it.
import { Search } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

import { useT, type ContentLanguage } from '@/lib/i18n';

import { isOpenShortcut } from '../utils/shortcut';

const loadPanel = () => import('./search-panel');
const LazySearchPanel = lazy(async () => ({ default: (await loadPanel()).SearchPanel }));

/** Starts loading the panel's code early; a failure surfaces when the panel is opened. */
function preloadPanel(): void {
  loadPanel().catch(() => undefined);
}

interface SearchLauncherProps {
  contentLanguage: ContentLanguage;
  /** Switches the content filter to Czech + English; the panel offers it when Czech hits hid. */
  onShowHidden?: () => void;
}

export function SearchLauncher({ contentLanguage, onShowHidden }: SearchLauncherProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState({ id: 0, initialQuery: '' });
  const returnFocusTo = useRef<HTMLElement | null>(null);
  // Set while focus goes back to the header field, so that focus does not reopen the panel.
  const restoring = useRef(false);

  const openPanel = useCallback((initialQuery = '') => {
    const focused = document.activeElement;
    returnFocusTo.current = focused instanceof HTMLElement ? focused : null;
    setSession((previous) => ({ id: previous.id + 1, initialQuery }));
    setOpen(true);
  }, []);

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (!restoreFocus || !target?.isConnected) return;
    // After Radix has released its focus trap.
    setTimeout(() => {
      restoring.current = true;
      target.focus();
      restoring.current = false;
    }, 0);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (open || event.defaultPrevented || !isOpenShortcut(event)) return;
      event.preventDefault();
      openPanel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, openPanel]);

  return (
    <>
      {/* A round search button on a phone, a search field from `md` up: the same element. */}
      <div className="relative w-11 md:w-56 lg:w-72">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-slate-500 md:left-3"
        />
        <input
          data-testid="header-search-field"
          type="search"
          value=""
          // Typing lands in the panel, which takes the focus as soon as the field has it.
          onChange={(event) => openPanel(event.target.value)}
          onFocus={() => {
            if (!restoring.current && !open) openPanel();
          }}
          onPointerEnter={preloadPanel}
          aria-label={t.search.label}
          aria-haspopup="dialog"
          aria-keyshortcuts="/ Control+K Meta+K"
          // 'Search': the hero's box says 'Search articles...'; aria-keyshortcuts names the keys.
          placeholder={t.search.button}
          className="h-11 w-full cursor-pointer rounded-lg border border-slate-300 bg-white pl-9 text-sm placeholder:text-transparent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40 md:h-10 md:cursor-text md:placeholder:text-slate-400"
        />
      </div>
      {session.id > 0 ? (
        <Suspense fallback={null}>
          <LazySearchPanel
            key={session.id}
            open={open}
            initialQuery={session.initialQuery}
            contentLanguage={contentLanguage}
            onClose={close}
            {...(onShowHidden ? { onShowHidden } : {})}
          />
        </Suspense>
      ) : null}
    </>
  );
}
