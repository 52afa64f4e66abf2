/**
 * Link-preview pictures (Open Graph, Twitter): WhatsApp and Facebook show raster images only,
 * so a product's first picture (a drawn SVG or an uploaded photo) is drawn whole onto a
 * 1200×630 JPEG with sharp. A picture's address never changes what it shows (drawn art is
 * named by what it draws, uploads are never overwritten), so previews are kept by that address.
 */
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { storedImage } from '../admin-catalog/image-store.ts';
import { parseArtFileName, renderProductArt, type ArtKind } from '../catalog/product-art/product-art.ts';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
/** The storefront's paper colour, behind pictures that do not fill the frame. */
const BACKGROUND = '#f6f1ea';
const MAX_KEPT = 300;

/** The bytes of a product picture the shop serves itself, or null for one it does not know. */
async function pictureBytes(src: string, uploadsDir: string | null): Promise<Buffer | null> {
  const drawn = /^\/images\/products\/([^/?#]+)$/.exec(src);
  if (drawn) {
    const art = parseArtFileName(drawn[1]!);
    return art ? Buffer.from(renderProductArt(art.kind, art.color, art.view)) : null;
  }
  const uploaded = /^\/uploads\/([^/?#]+)$/.exec(src);
  if (uploaded && uploadsDir) {
    const stored = storedImage(uploadsDir, uploaded[1]!);
    return stored ? fs.readFile(stored.path).catch(() => null) : null;
  }
  return null;
}

/** `pictures` side by side (or one alone), whole, centred on the frame. */
async function compose(pictures: readonly Buffer[]): Promise<Buffer> {
  const slot = Math.floor(PREVIEW_WIDTH / pictures.length);
  const tiles = await Promise.all(
    pictures.map((bytes) =>
      sharp(bytes, { density: 200 })
        .resize(slot - 40, PREVIEW_HEIGHT - 60, { fit: 'contain', background: BACKGROUND })
        .flatten({ background: BACKGROUND })
        .png()
        .toBuffer(),
    ),
  );
  return sharp({ create: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3, background: BACKGROUND } })
    .composite(tiles.map((input, i) => ({ input, left: i * slot + 20, top: 30 })))
    .jpeg({ quality: 82, progressive: true })
    .toBuffer();
}

/** The shop's own preview: three of its drawn pieces (no text, which would need fonts). */
const siteArt: [ArtKind, string][] = [
  ['shirt', 'navy'],
  ['t-shirt', 'white'],
  ['cap', 'olive'],
];

export function createPreviewImages(uploadsDir: string | null) {
  const kept = new Map<string, Promise<Buffer | null>>();

  function remember(key: string, make: () => Promise<Buffer | null>): Promise<Buffer | null> {
    const held = kept.get(key);
    if (held) return held;
    const made = make();
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, made);
    made.catch(() => kept.delete(key));
    return made;
  }

  return {
    /** The preview of a product whose first picture is `src`; null when the shop cannot read it. */
    forPicture(src: string): Promise<Buffer | null> {
      return remember(src, async () => {
        const bytes = await pictureBytes(src, uploadsDir);
        return bytes ? compose([bytes]) : null;
      });
    },
    site(): Promise<Buffer> {
      return remember('site', () =>
        compose(siteArt.map(([kind, color]) => Buffer.from(renderProductArt(kind, color, 'front')))),
      ) as Promise<Buffer>;
    },
  };
}
