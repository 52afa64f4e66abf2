/**
 * Responsive variants of staff-uploaded photos. An upload `/uploads/<name>.<ext>` is kept as sent
 * and also as `/uploads/<name>.w<width>.<format>` for each width and format below, so pages ask
 * for the size and format the screen needs. Drawn illustrations (`/images/products/…svg`) scale
 * by themselves and have no variants.
 */
export const imageVariantWidths = [320, 640, 1024, 1600] as const;
export const imageVariantFormats = ['avif', 'webp', 'jpg'] as const;
export type ImageVariantWidth = (typeof imageVariantWidths)[number];
export type ImageVariantFormat = (typeof imageVariantFormats)[number];

const uploadPath = /^\/uploads\/([A-Za-z0-9_-]{16,64})\.(?:jpg|png|webp)$/;

/** The path of one variant of an uploaded photo. */
export function imageVariantPath(name: string, width: ImageVariantWidth, format: ImageVariantFormat): string {
  return `/uploads/${name}.w${width}.${format}`;
}

export interface ResponsiveImage {
  /** Most compact first: the browser takes the first type it knows. */
  sources: { type: 'image/avif' | 'image/webp'; srcSet: string }[];
  /** JPEG variants, for browsers that know neither. */
  srcSet: string;
}

/** The srcsets of an uploaded photo; null for any other picture (drawn illustrations). */
export function responsiveImage(url: string): ResponsiveImage | null {
  const name = uploadPath.exec(url)?.[1];
  if (!name) return null;
  const srcSet = (format: ImageVariantFormat) =>
    imageVariantWidths.map((w) => `${imageVariantPath(name, w, format)} ${w}w`).join(', ');
  return {
    sources: [
      { type: 'image/avif', srcSet: srcSet('avif') },
      { type: 'image/webp', srcSet: srcSet('webp') },
    ],
    srcSet: srcSet('jpg'),
  };
}
