// Which URLs the rich-text editor keeps (spec §5): links and images only over http, https or
// data; images only .jpg/.jpeg/.gif/.png files or base64 data images.

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'data:']);
const IMAGE_FILE = /\.(?:jpe?g|gif|png)$/i;
const BASE64_IMAGE = /^data:image\/[a-z0-9.+-]+;base64,/i;

function parse(url: string): URL | null {
  try {
    return new URL(url.trim(), window.location.href);
  } catch {
    return null;
  }
}

/** True for an http, https or data URL (a relative URL counts as the page's own protocol). */
export function isAllowedUrl(url: string): boolean {
  const parsed = parse(url);
  return parsed !== null && ALLOWED_PROTOCOLS.has(parsed.protocol);
}

/** True for a base64 data image, or an http(s) URL whose path ends in .jpg, .jpeg, .gif or .png. */
export function isAllowedImageUrl(url: string): boolean {
  const parsed = parse(url);
  if (parsed === null) return false;
  if (parsed.protocol === 'data:') return BASE64_IMAGE.test(url.trim());
  return ALLOWED_PROTOCOLS.has(parsed.protocol) && IMAGE_FILE.test(parsed.pathname);
}
