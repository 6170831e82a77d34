// A post body: the server's sanitised HTML, with the highlighted boxes of the spec.
import { useMemo } from 'react';

import { cn } from '@/lib/utils';

import { splitContentSections } from '../utils/content-sections';

import './post-content.css';

interface PostContentProps {
  /** `contentHtml` from the server, already sanitised; never the raw `content`. */
  html: string;
  /** The post's language, so screen readers and hyphenation read it right. */
  lang?: string;
  className?: string;
}

export function PostContent({ html, lang, className }: PostContentProps) {
  const sections = useMemo(() => splitContentSections(html), [html]);
  return (
    <div data-testid="post-content" lang={lang} className={cn('post-prose', className)}>
      {sections.map((section, index) =>
        section.kind === 'highlight' ? (
          <section
            key={index}
            data-testid="post-highlight"
            className="post-highlight"
            dangerouslySetInnerHTML={{ __html: section.html }}
          />
        ) : (
          <div
            key={index}
            className="contents"
            dangerouslySetInnerHTML={{ __html: section.html }}
          />
        ),
      )}
    </div>
  );
}
