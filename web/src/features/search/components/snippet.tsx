// A search snippet on screen: the server's <mark> highlights as marks, everything else as text.
import { useMemo } from 'react';

import { snippetParts } from '../utils/snippet';

export function Snippet({
  html,
  lang,
  className,
}: {
  html: string;
  /** The post's language: a passage of an English post on a Czech page is read as English. */
  lang: string;
  className?: string;
}) {
  const parts = useMemo(() => snippetParts(html), [html]);
  return (
    <span lang={lang} className={className}>
      {parts.map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}
