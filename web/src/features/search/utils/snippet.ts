// A server snippet made safe to show: its <mark> highlights kept as marks, every other tag dropped
// and entities decoded into plain text, so React escapes whatever the snippet carries.

export interface SnippetPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const hex = body[1] === 'x' || body[1] === 'X';
      const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** Splits a snippet into plain and marked runs; an unclosed <mark> marks the rest. */
export function snippetParts(html: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  // Tags are split off; only <mark> and </mark> change anything, the rest vanish.
  for (const piece of html.split(/(<[^>]*>)/)) {
    if (piece.startsWith('<') && piece.endsWith('>')) {
      if (/^<mark(\s[^>]*)?>$/i.test(piece)) marked = true;
      else if (/^<\/mark\s*>$/i.test(piece)) marked = false;
      continue;
    }
    const text = decodeEntities(piece);
    if (text === '') continue;
    const last = parts.at(-1);
    if (last?.marked === marked) last.text += text;
    else parts.push({ text, marked });
  }
  return parts;
}
