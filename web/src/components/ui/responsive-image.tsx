// An <img> that offers the server's responsive widths and WebP copies of an uploaded image
// (lib/responsive-image); any other URL is a plain <img>.
import type { ImgHTMLAttributes } from 'react';

import { responsiveSources } from '@/lib/responsive-image';

interface ResponsiveImageProps extends ImgHTMLAttributes<HTMLImageElement> {
  src: string;
  /** Which width the image takes in the layout, e.g. '(min-width: 1024px) 33vw, 100vw'. */
  sizes: string;
}

export function ResponsiveImage({ src, sizes, alt = '', ...props }: ResponsiveImageProps) {
  const sources = responsiveSources(src);
  if (!sources) return <img src={src} alt={alt} {...props} />;
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes} />
      <img src={src} srcSet={sources.srcSet} sizes={sizes} alt={alt} {...props} />
    </picture>
  );
}
