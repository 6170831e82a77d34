// A search snippet on screen: the server's <mark> highlights as marks, everything else as text.
import { useMemo } from 'react';

import { snippetParts } from '../utils/snippet';

export function Snippet({ html, className }: { html: string; className?: string }) {
  const parts = useMemo(() => snippetParts(html), [html]);
  return (
    <span className={className}>
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
