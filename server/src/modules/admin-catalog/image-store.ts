import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Sharp } from 'sharp';
import {
  checkImageSize,
  imageVariantFormats,
  imageVariantWidths,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
  uploadImageTypes,
  type ImageVariantFormat,
  type ImageVariantWidth,
} from '@shop/core';
import { AppError, badRequest, serviceBusy } from '../../lib/errors.ts';
import { QueueFullError, Semaphore } from '../../lib/semaphore.ts';

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

const tooManyPixels = (width: number, height: number) =>
  badRequest(
    'IMAGE_TOO_MANY_PIXELS',
    `The image is ${width} × ${height} pixels (${Math.ceil((width * height) / 100_000) / 10} megapixels): ` +
      `the shop takes photos of at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels, such as 8000 × 5000.`,
  );

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
const loadSharp = async () => {
  const sharp = (await import('sharp')).default;
  configureSharp(sharp);
  return sharp;
};

/**
 * libvips set for a server that shares two cores with its requests: no operation cache (it
 * would keep the last decoded photos, hundreds of megabytes after a burst, for nothing: every
 * upload is new and a variant is made once) and one thread per image operation, so the event
 * loop (health checks, pages) keeps a core. glibc's own arenas are capped by MALLOC_ARENA_MAX,
 * which only the environment of the process can set (see docs/operations.md).
 */
function configureSharp(sharp: typeof import('sharp')): void {
  sharp.cache(false);
  sharp.concurrency(1);
}

/** sharp, loaded once and configured. */
const imageLibrary = () => (sharpModule ??= loadSharp());

/**
 * Image work (reading a photo, making its variants) is done one photo at a time in a process:
 * libvips runs outside the request thread, but photos decoded side by side would share the CPU
 * and add up their memory. A few more wait their turn; beyond that the shop is busy (503).
 */
const imageWork = new Semaphore(1, 16);

/**
 * Variants asked for by anyone (`GET /uploads/<name>.w<width>.<fmt>` of an old original) have
 * a small queue of their own: strangers can fill it, never the staff's places.
 */
const variantWork = new Semaphore(1, 4);

async function oneAtATime<T>(queue: Semaphore, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await queue.run(task, signal);
  } catch (error) {
    throw error instanceof QueueFullError ? serviceBusy() : error;
  }
}

// Places for staff uploads: one at work and the queue behind it. An upload takes its place
// before its body is read, so a full queue is answered 503 at once, not after megabytes.
let uploadPlacesTaken = 0;

/**
 * Takes a place for one upload, before its body is read: a 503 (busy) at once when every place
 * is taken. The caller gives it back (the function returned) when the upload is done or given up.
 */
export function takeUploadPlace(): () => void {
  if (uploadPlacesTaken >= imageWork.concurrency + imageWork.queueLimit) throw serviceBusy();
  uploadPlacesTaken += 1;
  let given = false;
  return () => {
    if (given) return;
    given = true;
    uploadPlacesTaken -= 1;
  };
}

/**
 * The photo's size as its header says, read without decoding it: a photo over the pixel limit
 * (see `checkImageSize`) is refused before a byte of it is decoded, and so are bytes that only
 * start like an image.
 */
async function checkSize(original: Buffer): Promise<void> {
  const sharp = await imageLibrary();
  const header = await sharp(original, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  const check = checkImageSize(header?.width, header?.height);
  if (check.ok) return;
  throw check.reason === 'TOO_MANY_PIXELS' ? tooManyPixels(header!.width, header!.height) : unsupported();
}

/**
 * The original decoded once: upright, no wider than the widest variant, as raw pixels in memory
 * (at most 1600 px wide, a few megabytes), from which every variant is made.
 */
async function decodeOnce(original: Buffer): Promise<() => Sharp> {
  const sharp = await imageLibrary();
  const { data, info } = await sharp(original, { limitInputPixels: UPLOAD_MAX_PIXELS })
    .rotate()
    .resize({ width: Math.max(...imageVariantWidths), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return () => sharp(data, { raw });
}

/** One variant of a photo: at most `width` px wide (never enlarged), in `format`. */
async function encodeVariant(decoded: () => Sharp, width: ImageVariantWidth, format: ImageVariantFormat) {
  const resized = decoded().resize({ width, withoutEnlargement: true });
  if (format === 'avif') return resized.avif({ quality: 50, effort: 2 }).toBuffer();
  if (format === 'webp') return resized.webp({ quality: 78 }).toBuffer();
  return resized.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

const variantFile = (dir: string, name: string, width: number, format: ImageVariantFormat) =>
  path.join(dir, `${name}.w${width}.${format}`);

/**
 * Keeps an uploaded image under a new random name, with its responsive variants (each width
 * of `imageVariantWidths` in AVIF, WebP and JPEG), and answers the original's site path. Bytes
 * that only look like an image (the right signature, nothing readable after) are refused, and
 * so is an image over the pixel limit, from its header, before it is decoded. Uploads are worked
 * on one at a time; the original is decoded once and every variant made from that.
 */
export async function storeImage(dir: string, bytes: Buffer, signal?: AbortSignal): Promise<string> {
  if (bytes.length > UPLOAD_MAX_BYTES) throw imageTooLarge();
  const type = sniffImageType(bytes);
  if (!type) throw unsupported();
  const name = randomBytes(16).toString('base64url');
  const variants = await oneAtATime(
    imageWork,
    async () => {
      await checkSize(bytes);
      const made: { file: string; bytes: Buffer }[] = [];
      try {
        const decoded = await decodeOnce(bytes);
        for (const width of imageVariantWidths) {
          for (const format of imageVariantFormats) {
            made.push({
              file: variantFile(dir, name, width, format),
              bytes: await encodeVariant(decoded, width, format),
            });
          }
        }
      } catch {
        throw unsupported();
      }
      return made;
    },
    signal,
  );
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
 * whose variants were lost), once however many requests ask, in its turn in a queue of its own
 * (never in the staff uploads' places: a full one is a 503 for the asker only). False
 * when there is no original, or one the shop would not take now (over the pixel limit).
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
        const bytes = await oneAtATime(variantWork, async () => {
          await checkSize(original);
          return encodeVariant(await decodeOnce(original), Number(width) as ImageVariantWidth, format);
        }).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'SERVICE_BUSY') throw error;
          return null;
        });
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
