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

/**
 * The most pixels an uploaded photo may have (width × height): 40 megapixels, as 8000 × 5000,
 * more than any camera of a shop's own gives. Checked from the image's header, before anything
 * is decoded: a small file can declare an enormous image (16,000 × 16,000 pixels fit in 1 MB of
 * PNG), and decoding it would take a gigabyte of memory and half a minute of CPU.
 */
export const UPLOAD_MAX_PIXELS = 40_000_000;

export type ImageSizeCheck =
  | { ok: true }
  | { ok: false; reason: 'NO_SIZE' }
  | { ok: false; reason: 'TOO_MANY_PIXELS'; pixels: number; maxPixels: number };

/** Whether a photo of `width` × `height` pixels (as its header says) may be uploaded. */
export function checkImageSize(width: number | undefined, height: number | undefined): ImageSizeCheck {
  if (!width || !height || !Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
    return { ok: false, reason: 'NO_SIZE' };
  }
  const pixels = width * height;
  if (pixels > UPLOAD_MAX_PIXELS) return { ok: false, reason: 'TOO_MANY_PIXELS', pixels, maxPixels: UPLOAD_MAX_PIXELS };
  return { ok: true };
}
