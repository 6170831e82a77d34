// Quill 2 set up for the post editor: the snow toolbar of the spec, and nothing else. Only the
// toolbar's formats exist in the editor's registry (an author's <iframe> or any other blot Quill
// knows is dropped, not turned into an embed); HTML is sanitised before it is loaded; links keep
// http, https and mailto only; images only .jpg/.jpeg/.gif/.png over http(s) or base64.
import DOMPurify from 'dompurify';
import Quill, { Delta } from 'quill';
import Image from 'quill/formats/image';
import Link from 'quill/formats/link';

import { isAllowedImageUrl, isAllowedLinkUrl } from '../utils/content-urls';

export const EDITOR_TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike', 'blockquote'],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  ['link', 'image'],
  [{ align: [] }],
  ['clean'],
];

/** The formats the toolbar offers: the editor's registry holds these (and Quill's core) only. */
export const EDITOR_FORMATS = [
  'header',
  'bold',
  'italic',
  'underline',
  'strike',
  'blockquote',
  'list',
  'indent',
  'link',
  'image',
  'align',
];

class SafeLink extends Link {
  static override PROTOCOL_WHITELIST = ['http', 'https', 'mailto'];

  static override sanitize(url: string): string {
    return isAllowedLinkUrl(url) ? url : this.SANITIZED_URL;
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

/** The image types the editor uploads (the server's: JPEG, PNG, GIF, WebP). */
export const EDITOR_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

const DATA_IMAGE = /^data:(image\/(?:jpeg|png|gif|webp));base64,([a-z0-9+/=\s]*)$/i;

/** A base64 data image as a file to upload, or null when it is not one of the types uploaded. */
export function fileFromDataUrl(url: string): File | null {
  const match = DATA_IMAGE.exec(url.trim());
  if (!match?.[1] || match[2] === undefined) return null;
  let binary: string;
  try {
    binary = atob(match[2].replace(/\s/g, ''));
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const type = match[1].toLowerCase();
  return new File([bytes], `pasted-image.${type.slice('image/'.length)}`, { type });
}

/**
 * Where images put into the editor go: `index` is where they belong in the document. With it, the
 * toolbar's image button, dropped and pasted files and images pasted as base64 all come here (to
 * be uploaded) and are never embedded; without it Quill's defaults apply.
 */
export type EditorImageHandler = (index: number, files: File[]) => void;

function pickImages(onImages: (files: File[]) => void): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = EDITOR_IMAGE_TYPES.join(',');
  input.multiple = true;
  input.addEventListener('change', () => onImages(Array.from(input.files ?? [])));
  input.click();
}

export function createEditor(
  host: HTMLElement,
  placeholder: string,
  onImages?: EditorImageHandler,
): Quill {
  registerEditorFormats();
  if (!onImages) {
    return new Quill(host, {
      theme: 'snow',
      placeholder,
      formats: EDITOR_FORMATS,
      modules: {
        toolbar: EDITOR_TOOLBAR,
        clipboard: { matchers: [['img', dropUnsafeImage]] },
      },
    });
  }
  // Loading a post runs the same matchers as a paste: only a real paste sends its images off.
  let pasting = false;
  host.addEventListener(
    'paste',
    () => {
      pasting = true;
      window.setTimeout(() => {
        pasting = false;
      }, 0);
    },
    true,
  );
  const here = () => quill.getSelection(true).index;
  const uploadPasted = (node: Node, delta: Delta): Delta => {
    const src = node instanceof HTMLImageElement ? node.getAttribute('src') : null;
    const file = pasting && src !== null ? fileFromDataUrl(src) : null;
    if (file === null) return dropUnsafeImage(node, delta);
    const index = here();
    window.setTimeout(() => onImages(index, [file]), 0);
    return new Delta();
  };
  const quill: Quill = new Quill(host, {
    theme: 'snow',
    placeholder,
    formats: EDITOR_FORMATS,
    modules: {
      toolbar: {
        container: EDITOR_TOOLBAR,
        handlers: { image: () => pickImages((files) => onImages(here(), files)) },
      },
      clipboard: { matchers: [['img', uploadPasted]] },
      uploader: {
        mimetypes: EDITOR_IMAGE_TYPES,
        handler: (range: { index: number }, files: File[]) => onImages(range.index, files),
      },
    },
  });
  return quill;
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

/** The elements and attributes the editor's formats are read from; everything else goes. */
const PURIFY_CONFIG = {
  ALLOWED_TAGS: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'blockquote',
    'ol',
    'ul',
    'li',
    'a',
    'img',
    'span',
  ],
  ALLOWED_ATTR: ['href', 'src', 'alt', 'class', 'data-list'],
  ALLOW_DATA_ATTR: false,
};

/**
 * HTML made safe to load into the editor: DOMPurify with the editor's elements only, then links
 * whose URL is not allowed lose their href (the text stays) and such images are dropped.
 */
export function sanitizeEditorHtml(html: string): string {
  const holder = document.createElement('div');
  holder.appendChild(DOMPurify.sanitize(html, { ...PURIFY_CONFIG, RETURN_DOM_FRAGMENT: true }));
  for (const a of holder.querySelectorAll('a[href]')) {
    if (!isAllowedLinkUrl(a.getAttribute('href') ?? '')) a.removeAttribute('href');
  }
  for (const img of holder.querySelectorAll('img')) {
    if (!isAllowedImageUrl(img.getAttribute('src') ?? '')) img.remove();
  }
  return holder.innerHTML;
}

/** Replaces the editor's content with the HTML, sanitised first, without emitting a change. */
export function setEditorHtml(quill: Quill, html: string): void {
  quill.setContents(quill.clipboard.convert({ html: sanitizeEditorHtml(html) }), 'silent');
}
