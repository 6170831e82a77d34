// Responsive variants of uploaded images: for /uploads/{sha256}.{ext} the server keeps
// /uploads/{sha256}-{480|960|1600}.{ext} and the same widths as .webp; other URLs have none.

export const RESPONSIVE_WIDTHS = [480, 960, 1600] as const;

const UPLOAD = /^\/uploads\/([0-9a-f]{64})\.(jpe?g|png|gif|webp)$/;

export interface ResponsiveSources {
  /** srcset in the image's own format. */
  srcSet: string;
  /** srcset of the WebP variants. */
  webpSrcSet: string;
}

/** The srcsets of an uploaded image, or null for any other URL. */
export function responsiveSources(url: string): ResponsiveSources | null {
  const match = UPLOAD.exec(url);
  if (!match) return null;
  const [, sha = '', ext = ''] = match;
  const set = (extension: string) =>
    RESPONSIVE_WIDTHS.map((w) => `/uploads/${sha}-${String(w)}.${extension} ${String(w)}w`).join(
      ', ',
    );
  return { srcSet: set(ext), webpSrcSet: set('webp') };
}
