import { useState, type ImgHTMLAttributes } from 'react';

interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | undefined;
  /** Shown when there is no image or it fails to load. */
  fallbackLabel: string;
}

/** A product photo with fixed intrinsic size; falls back to a quiet monogram tile. */
export function ProductImage({ src, fallbackLabel, className = '', ...rest }: ProductImageProps) {
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
  return <img src={src} className={className} onError={() => setFailedSrc(src)} {...rest} />;
}
