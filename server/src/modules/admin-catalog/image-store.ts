import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  imageVariantFormats,
  imageVariantWidths,
  UPLOAD_MAX_BYTES,
  uploadImageTypes,
  type ImageVariantFormat,
  type ImageVariantWidth,
} from '@shop/core';
import { AppError, badRequest } from '../../lib/errors.ts';

type ImageType = (typeof uploadImageTypes)[number];
type ServedType = ImageType | 'image/avif';

const extensions: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const typesByExtension = new Map(Object.entries(extensions).map(([type, ext]) => [ext, type as ImageType]));

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/**
 * The image type the bytes themselves say, whatever name or content type the browser sent:
 * a PNG signature, a JPEG start-of-image marker, or a RIFF container of WebP. Null otherwise.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // "RIFF", four bytes of length, "WEBP".
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

// What the shop itself names files: random, URL-safe, with the extension of the sniffed type;
// and its variants, `<name>.w<width>.<avif|webp|jpg>`. Anything else (temp files) is never served.
const storedName = /^([A-Za-z0-9_-]{16,64})(?:\.w(\d{3,4}))?\.(jpg|png|webp|avif)$/;
const servedTypes: Record<string, ServedType> = { ...Object.fromEntries(typesByExtension), avif: 'image/avif' };

export const imageTooLarge = () =>
  new AppError(413, 'IMAGE_TOO_LARGE', `The image is too large: the limit is ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`);

const unsupported = () =>
  badRequest('UNSUPPORTED_IMAGE', 'The file is not an image the shop accepts: use JPEG, PNG or WebP.');

/** Writes `bytes` to a hidden temporary name and renames it into place: never half a file where the shop serves. */
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.part`);
  try {
    await fs.writeFile(temporary, bytes, { flag: 'wx' });
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

// sharp (libvips and its threads, about 15 MB) is loaded by the first upload, not by every process at start.
let sharpModule: ReturnType<typeof loadSharp> | undefined;
const loadSharp = async () => (await import('sharp')).default;

/** One variant of a photo: at most `width` px wide (never enlarged), upright, in `format`. */
async function encodeVariant(original: Buffer, width: ImageVariantWidth, format: ImageVariantFormat): Promise<Buffer> {
  const sharp = await (sharpModule ??= loadSharp());
  const resized = sharp(original).rotate().resize({ width, withoutEnlargement: true });
  if (format === 'avif') return resized.avif({ quality: 50, effort: 2 }).toBuffer();
  if (format === 'webp') return resized.webp({ quality: 78 }).toBuffer();
  return resized.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

const variantFile = (dir: string, name: string, width: number, format: ImageVariantFormat) =>
  path.join(dir, `${name}.w${width}.${format}`);

/**
 * Keeps an uploaded image under a new random name, with its responsive variants (each width
 * of `imageVariantWidths` in AVIF, WebP and JPEG), and answers the original's site path. Bytes
 * that only look like an image (the right signature, nothing readable after) are refused.
 */
export async function storeImage(dir: string, bytes: Buffer): Promise<string> {
  if (bytes.length > UPLOAD_MAX_BYTES) throw imageTooLarge();
  const type = sniffImageType(bytes);
  if (!type) throw unsupported();
  const name = randomBytes(16).toString('base64url');
  let variants: { file: string; bytes: Buffer }[];
  try {
    variants = await Promise.all(
      imageVariantWidths.flatMap((width) =>
        imageVariantFormats.map(async (format) => ({
          file: variantFile(dir, name, width, format),
          bytes: await encodeVariant(bytes, width, format),
        })),
      ),
    );
  } catch {
    throw unsupported();
  }
  const original = path.join(dir, `${name}.${extensions[type]}`);
  try {
    // The original last: a page names it only once its variants are all in place.
    for (const variant of variants) await writeAtomically(variant.file, variant.bytes);
    await writeAtomically(original, bytes);
  } catch (error) {
    await Promise.all(variants.map((v) => fs.rm(v.file, { force: true })));
    throw error;
  }
  return `/uploads/${path.basename(original)}`;
}

/** Where a stored image (or variant) is and its content type; null for any name the shop did not make. */
export function storedImage(dir: string, file: string): { path: string; type: ServedType } | null {
  const match = storedName.exec(file);
  if (!match) return null;
  const [, , width, extension] = match;
  const allowed =
    width === undefined
      ? extension !== 'avif'
      : (imageVariantWidths as readonly number[]).includes(Number(width)) &&
        (imageVariantFormats as readonly string[]).includes(extension!);
  if (!allowed) return null;
  return { path: path.join(dir, file), type: servedTypes[extension!]! };
}

const making = new Map<string, Promise<boolean>>();

/**
 * Makes a missing variant from its original (a photo uploaded before variants existed, or one
 * whose variants were lost), once however many requests ask. False when there is no original.
 */
export async function makeMissingVariant(dir: string, file: string): Promise<boolean> {
  const match = storedName.exec(file);
  if (!match?.[2]) return false;
  const [, name, width, format] = match as unknown as [string, string, string, ImageVariantFormat];
  let pending = making.get(file);
  if (!pending) {
    pending = (async () => {
      for (const extension of Object.values(extensions)) {
        const original = await fs.readFile(path.join(dir, `${name}.${extension}`)).catch(() => null);
        if (!original) continue;
        const bytes = await encodeVariant(original, Number(width) as ImageVariantWidth, format).catch(() => null);
        if (!bytes) return false;
        await writeAtomically(variantFile(dir, name, Number(width), format), bytes);
        return true;
      }
      return false;
    })().finally(() => making.delete(file));
    making.set(file, pending);
  }
  return pending;
}
