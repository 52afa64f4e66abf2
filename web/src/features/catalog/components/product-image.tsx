import { responsiveImage } from '@shop/core';
import { useState, type ImgHTMLAttributes } from 'react';

interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> {
  src: string | undefined;
  /** How wide the image is shown (the `sizes` attribute), so the browser fetches the variant it needs. */
  sizes: string;
  /** Shown when there is no image or it fails to load. */
  fallbackLabel: string;
}

/**
 * A product photo with fixed intrinsic size; falls back to a quiet monogram tile. An uploaded
 * photo comes as AVIF, WebP or JPEG at the width the screen needs; a drawn illustration as it is.
 */
export function ProductImage({ src, sizes, fallbackLabel, className = '', ...rest }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div
        className={`flex items-center justify-center bg-sand font-display text-4xl text-sand-deep ${className}`}
        role={rest.alt ? 'img' : undefined}
        aria-label={rest.alt || undefined}
        aria-hidden={rest.alt ? undefined : true}
      >
        {fallbackLabel.trim().charAt(0).toUpperCase()}
      </div>
    );
  }
  const responsive = responsiveImage(src);
  const img = (
    <img
      src={src}
      srcSet={responsive?.srcSet}
      sizes={responsive ? sizes : undefined}
      className={className}
      onError={() => setFailedSrc(src)}
      {...rest}
    />
  );
  if (!responsive) return img;
  return (
    // `contents`: the picture adds no box, so the image lays out exactly as without it.
    <picture className="contents">
      {responsive.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
