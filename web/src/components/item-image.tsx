import { useState } from 'react';

/**
 * A small picture of a garment, drawn inline: what a cart, checkout or order line shows when
 * its product image is missing or fails to load. A data URL, so it needs no request.
 */
const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 100"><rect width="80" height="100" fill="#f1ebe3"/>' +
    '<path d="M30 24 20 29l-7 15 8 4 4-7v35h30V41l4 7 8-4-7-15-10-5c-1 4-5 7-10 7s-9-3-10-7Z" fill="#e4d9cb" ' +
    'stroke="#c9b9a4" stroke-width="1.5" stroke-linejoin="round"/></svg>',
)}`;

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
