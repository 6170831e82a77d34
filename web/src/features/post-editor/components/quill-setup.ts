// Quill 2 set up for the post editor: the snow toolbar of the spec and URL rules for links and
// images (http, https and data only; images only .jpg/.jpeg/.gif/.png or base64).
import Quill, { Delta } from 'quill';
import Image from 'quill/formats/image';
import Link from 'quill/formats/link';

import { isAllowedImageUrl, isAllowedUrl } from '../utils/content-urls';

export const EDITOR_TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike', 'blockquote'],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  ['link', 'image'],
  [{ align: [] }],
  ['clean'],
];

class SafeLink extends Link {
  static override PROTOCOL_WHITELIST = ['http', 'https', 'data'];

  static override sanitize(url: string): string {
    return isAllowedUrl(url) ? url : this.SANITIZED_URL;
  }
}

class SafeImage extends Image {
  static override match(url: string): boolean {
    return isAllowedImageUrl(url);
  }

  static override sanitize(url: string): string {
    return isAllowedImageUrl(url) ? url : '//:0';
  }
}

let registered = false;

/** Registers the safe link and image formats once, replacing Quill's own. */
export function registerEditorFormats(): void {
  if (registered) return;
  Quill.register({ 'formats/link': SafeLink, 'formats/image': SafeImage }, true);
  registered = true;
}

/** Pasted or loaded images whose URL is not allowed are dropped instead of kept broken. */
function dropUnsafeImage(node: Node, delta: Delta): Delta {
  const src = node instanceof HTMLImageElement ? node.getAttribute('src') : null;
  return src !== null && isAllowedImageUrl(src) ? delta : new Delta();
}

export function createEditor(host: HTMLElement, placeholder: string): Quill {
  registerEditorFormats();
  return new Quill(host, {
    theme: 'snow',
    placeholder,
    modules: {
      toolbar: EDITOR_TOOLBAR,
      clipboard: { matchers: [['img', dropUnsafeImage]] },
    },
  });
}

const NBSP_RUN = /(?:&nbsp;)+/g;

/**
 * The editor's content as clean HTML, '' when it has no text and no image. Quill's semantic HTML
 * writes every space as &nbsp;, which stops lines from wrapping: runs become one ordinary space
 * followed by the rest as &nbsp;, so repeated spaces survive.
 */
export function editorHtml(quill: Quill): string {
  if (quill.getText().trim() === '' && quill.root.querySelector('img') === null) return '';
  return quill
    .getSemanticHTML()
    .replace(NBSP_RUN, (run) => ' ' + '&nbsp;'.repeat(run.length / 6 - 1));
}

/** Replaces the editor's content with the HTML without emitting a change. */
export function setEditorHtml(quill: Quill, html: string): void {
  quill.setContents(quill.clipboard.convert({ html }), 'silent');
}
