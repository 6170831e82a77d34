// Saving a cover image: only the blog's own uploads, fetched same-origin, saved as cover-image.<ext>.

export const DEFAULT_COVER_FILE_NAME = 'cover-image.jpg';

/** The extension of each image type the blog stores (spec §9: jpeg, png, gif, webp). */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * The URL as an upload of this blog (same origin, path under /uploads/), or null for anything else:
 * another site, another path of this one, a data: or javascript: URL. The path is checked after the
 * URL parser has resolved dot segments, so '/uploads/../api/user' is refused.
 */
export function ownUploadUrl(url: string, origin: string = window.location.origin): URL | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin || parsed.username !== '' || parsed.password !== '') return null;
  return parsed.pathname.startsWith('/uploads/') ? parsed : null;
}

/** 'cover-image.<ext>' for the answer's image type; null when it is not one the blog stores. */
export function coverFileName(contentType: string | null): string | null {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = EXTENSIONS[type];
  return extension ? `cover-image.${extension}` : null;
}

/** Makes the browser save the blob under the file name, through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoking at once can cancel the download in some browsers; give it a moment.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
  }
}

/**
 * Downloads the cover at `url` and returns the file name it was saved as. Rejects, without any
 * request, for a URL that is not one of the blog's uploads; rejects on a network failure, a
 * redirect, a non-2xx answer or an answer that is not a JPEG, PNG, GIF or WebP image.
 */
export async function downloadImage(url: string): Promise<string> {
  const target = ownUploadUrl(url);
  if (!target) throw new Error('Only images uploaded to this blog can be downloaded');
  // Same origin by construction; no redirect may take the request (or its cookies) anywhere else.
  const response = await fetch(target.pathname + target.search, {
    credentials: 'same-origin',
    redirect: 'error',
  });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const fileName = coverFileName(response.headers.get('Content-Type'));
  if (!fileName) throw new Error('The cover is not a JPEG, PNG, GIF or WebP image');
  saveBlob(await response.blob(), fileName);
  return fileName;
}
