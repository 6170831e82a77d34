// Splits a post's sanitised HTML into plain runs and highlighted boxes (spec §2, Post detail):
// a top-level h2 'Key Points', 'Key Features', 'Benefits' or 'Implementation' (or its Czech name)
// opens a box that runs until the next such heading or an h2 'Conclusion' ('Závěr'). Pure string
// work: every section is an exact, balanced slice of the input, so nothing is added or taken.
import { highlightRoleOf } from '@/lib/highlight-headings';

export type ContentSection =
  { kind: 'plain'; html: string } | { kind: 'highlight'; heading: string; html: string };

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

// A start or end tag; attribute values may be quoted and hold '>' (not in sanitised output,
// but cheap to respect). Comments and text such as "a < b" do not match.
const TAG =
  /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/g;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : match;
    }
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}

/** A heading's text for matching: tags dropped, entities decoded, spaces collapsed, no colon. */
export function headingText(headingHtml: string): string {
  return decodeEntities(headingHtml.replace(TAG, ''))
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*:$/, '');
}

interface TopLevelHeading {
  start: number;
  text: string;
}

/** The h2 elements that sit directly at the top level of the fragment, in order. */
function topLevelH2s(html: string): TopLevelHeading[] {
  const headings: TopLevelHeading[] = [];
  let depth = 0;
  let open: { start: number; contentStart: number } | null = null;

  for (const match of html.matchAll(TAG)) {
    const [tag, slash, rawName = '', , selfClosing] = match;
    const name = rawName.toLowerCase();
    const index = match.index;
    if (slash === '/') {
      if (VOID_ELEMENTS.has(name)) continue;
      depth = Math.max(0, depth - 1);
      if (depth === 0 && open && name === 'h2') {
        headings.push({
          start: open.start,
          text: headingText(html.slice(open.contentStart, index)),
        });
        open = null;
      } else if (depth === 0) {
        open = null;
      }
      continue;
    }
    if (VOID_ELEMENTS.has(name) || selfClosing === '/') continue;
    if (depth === 0 && name === 'h2') open = { start: index, contentStart: index + tag.length };
    depth += 1;
  }
  return headings;
}

/** The sections of the HTML, in order; whitespace-only plain runs are left out. */
export function splitContentSections(html: string): ContentSection[] {
  const sections: ContentSection[] = [];
  let start = 0;
  let box: string | null = null; // heading of the open box, if any

  const flush = (end: number) => {
    const slice = html.slice(start, end);
    if (box !== null) sections.push({ kind: 'highlight', heading: box, html: slice });
    else if (slice.trim() !== '') sections.push({ kind: 'plain', html: slice });
    start = end;
  };

  for (const heading of topLevelH2s(html)) {
    const role = highlightRoleOf(heading.text);
    if (role === 'open') {
      flush(heading.start);
      box = heading.text;
    } else if (role === 'close' && box !== null) {
      flush(heading.start);
      box = null;
    }
  }
  flush(html.length);
  return sections;
}
