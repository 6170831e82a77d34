// Saving the generated markdown: a file name made from the topic, and the download itself.

const FALLBACK_NAME = 'format-test';
const MAX_NAME_LENGTH = 80;

/** 'Platby v Česku!' → 'platby-v-cesku.md'; a topic without letters or digits gives 'format-test.md'. */
export function markdownFileName(topic: string): string {
  const base = topic
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_NAME_LENGTH)
    .replace(/^-+|-+$/g, '');
  return `${base || FALLBACK_NAME}.md`;
}

/** Offers the text as a .md download through a Blob URL and a link with a download attribute. */
export function downloadMarkdown(markdown: string, fileName: string): void {
  const href = URL.createObjectURL(new Blob([markdown], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started by now; freeing the URL later leaves the browser time to read it.
  window.setTimeout(() => URL.revokeObjectURL(href), 0);
}
