import { useState } from 'react';
import { PLACEHOLDER_IMAGE } from './placeholder-image.ts';

interface ItemImageProps {
  src: string | undefined;
  alt: string;
  className?: string;
}

/** A line's product image with fixed proportions; the placeholder stands in if it will not load. */
export function ItemImage({ src, alt, className = '' }: ItemImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  return (
    <img
      src={broken ? PLACEHOLDER_IMAGE : src}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={80}
      height={100}
      className={`aspect-[4/5] shrink-0 rounded-xl bg-sand object-cover ${className}`}
      onError={broken ? undefined : () => setFailedSrc(src)}
    />
  );
}
