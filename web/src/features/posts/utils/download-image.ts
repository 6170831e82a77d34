// Saving a cover image: fetch it, then hand the blob to the browser as a download.

export const DEFAULT_COVER_FILE_NAME = 'cover-image.jpg';

/** The last path segment of the URL ('/covers/a.svg' → 'a.svg'), or the default name. */
export function coverFileName(url: string): string {
  try {
    const { pathname } = new URL(url, 'http://localhost');
    const last = decodeURIComponent(pathname.split('/').pop() ?? '').trim();
    return last === '' ? DEFAULT_COVER_FILE_NAME : last;
  } catch {
    return DEFAULT_COVER_FILE_NAME;
  }
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
 * Downloads the image at `url` and returns the file name it was saved as. Rejects on a network
 * failure or a non-2xx answer.
 */
export async function downloadImage(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const fileName = coverFileName(url);
  saveBlob(await response.blob(), fileName);
  return fileName;
}
