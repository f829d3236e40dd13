import type { ImgHTMLAttributes } from 'react';

/** The image fields the API sends (ImageRef / GalleryImage): srcset and size when the server made them. */
export interface ImageSource {
  secure_url: string;
  srcset?: string;
  width?: number;
  height?: number;
}

interface ResponsiveImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> {
  image: ImageSource | undefined | null;
  alt: string;
  /** Box the image is drawn in, used when the server did not report the image's own size. */
  width: number;
  height: number;
  /** Whether the box should use the image's own aspect ratio (true) or the given box (false). */
  intrinsic?: boolean;
}

/**
 * An <img> with explicit width/height (no layout shift) and the server's srcset when present.
 * Without an image it draws a neutral placeholder of the same size.
 */
export function ResponsiveImage({ image, alt, width, height, intrinsic = false, className = '', sizes, ...rest }: ResponsiveImageProps) {
  if (!image?.secure_url) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={`flex items-center justify-center bg-gradient-to-br from-brand-50 to-brand-100 text-brand-700 ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <svg width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <rect x="3" y="3" width="18" height="18" rx="2" />
          <circle cx="8.5" cy="8.5" r="1.5" />
          <path d="m21 15-5-5L5 21" />
        </svg>
      </div>
    );
  }
  const useOwn = intrinsic && image.width && image.height;
  return (
    <img
      src={image.secure_url}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? (sizes ?? `${width}px`) : undefined}
      width={useOwn ? image.width : width}
      height={useOwn ? image.height : height}
      alt={alt}
      decoding="async"
      className={className}
      {...rest}
    />
  );
}
