// Generated markdown to the editor's HTML (spec §7): blocks are split on blank lines; a block
// starting '# ', '## ' or '### ' becomes h1, h2 or h3, any other block a paragraph. Text is
// HTML-escaped, then **bold** spans become <strong> so the points don't show stray asterisks.
// A heading block with more lines (no blank line after the heading) keeps them as a paragraph.

const HEADINGS = [
  { prefix: '### ', tag: 'h3' },
  { prefix: '## ', tag: 'h2' },
  { prefix: '# ', tag: 'h1' },
] as const;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function inline(text: string): string {
  return escapeHtml(text).replace(/\*\*(?=\S)(.+?)\*\*/g, '<strong>$1</strong>');
}

function paragraph(lines: string[]): string {
  return `<p>${lines.map((line) => inline(line.trim())).join('<br>')}</p>`;
}

function blockToHtml(block: string): string {
  const [first = '', ...rest] = block.split('\n');
  const heading = HEADINGS.find(({ prefix }) => first.startsWith(prefix));
  if (!heading) return paragraph([first, ...rest]);
  const html = `<${heading.tag}>${inline(first.slice(heading.prefix.length).trim())}</${heading.tag}>`;
  return rest.length > 0 ? html + paragraph(rest) : html;
}

export function markdownBlocksToHtml(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map(blockToHtml)
    .join('');
}
