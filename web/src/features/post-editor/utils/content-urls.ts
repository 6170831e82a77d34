// Which URLs the rich-text editor keeps: links only over http, https or mailto (never data: or
// javascript:, issue 10); images over http(s) as .jpg/.jpeg/.gif/.png/.webp files (uploads may be
// WebP), or base64 data images (spec §5; the editor uploads those, the server refuses them).

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);
const IMAGE_FILE = /\.(?:jpe?g|gif|png|webp)$/i;
const BASE64_IMAGE = /^data:image\/[a-z0-9.+-]+;base64,/i;

function parse(url: string): URL | null {
  try {
    return new URL(url.trim(), window.location.href);
  } catch {
    return null;
  }
}

/** True for an http, https or mailto URL (a relative URL counts as the page's own protocol). */
export function isAllowedLinkUrl(url: string): boolean {
  const parsed = parse(url);
  return parsed !== null && LINK_PROTOCOLS.has(parsed.protocol);
}

/** True for a base64 data image, or an http(s) URL whose path ends in .jpg, .jpeg, .gif, .png or .webp. */
export function isAllowedImageUrl(url: string): boolean {
  const parsed = parse(url);
  if (parsed === null) return false;
  if (parsed.protocol === 'data:') return BASE64_IMAGE.test(url.trim());
  return IMAGE_PROTOCOLS.has(parsed.protocol) && IMAGE_FILE.test(parsed.pathname);
}
