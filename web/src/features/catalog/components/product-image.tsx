import { responsiveImage } from '@shop/core';
import { useState, type ImgHTMLAttributes } from 'react';
import { PLACEHOLDER_IMAGE } from '../../../components/placeholder-image.ts';

interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> {
  src: string | undefined;
  /** How wide the image is shown (the `sizes` attribute), so the browser fetches the variant it needs. */
  sizes: string;
}

/** An image that looks given up on: loaded as far as it will, with nothing to show. */
function looksFailed(img: HTMLImageElement): boolean {
  // `currentSrc` is empty until a load was tried (and absent where images never load, as in tests).
  return img.complete && img.naturalWidth === 0 && Boolean(img.currentSrc);
}

/**
 * Calls `onFailed` only if the image really cannot be shown. An error event or a broken look can
 * be passing: the browser may be choosing another source of the picture (hydration sets `sizes`
 * after the server's HTML started a load), and a photo swapped for the placeholder then stays so.
 * `decode()` waits for the load that is on its way and rejects only when there is nothing to show.
 */
function confirmFailure(img: HTMLImageElement, onFailed: () => void): void {
  if (typeof img.decode !== 'function') return onFailed();
  img.decode().catch(() => {
    if (looksFailed(img)) onFailed();
  });
}

/**
 * A product photo with fixed intrinsic size; the shop's placeholder picture stands in when there
 * is none or it fails to load, also when it failed before the page was hydrated (a
 * server-rendered page's images load before React listens for their errors). An uploaded
 * photo comes as AVIF, WebP or JPEG at the width the screen needs; a drawn illustration as it is.
 */
export function ProductImage({ src, sizes, className = '', ...rest }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return <img {...rest} src={PLACEHOLDER_IMAGE} className={className} data-fallback="" />;
  }
  const responsive = responsiveImage(src);
  const img = (
    <img
      src={src}
      srcSet={responsive?.srcSet}
      sizes={responsive ? sizes : undefined}
      className={className}
      onError={(event) => confirmFailure(event.currentTarget, () => setFailedSrc(src))}
      ref={(element) => {
        if (element && looksFailed(element)) confirmFailure(element, () => setFailedSrc(src));
      }}
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
