import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MAX_BYTES, uploadImageTypes } from '@shop/core';
import { AppError, badRequest } from '../../lib/errors.ts';

type ImageType = (typeof uploadImageTypes)[number];

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

// What the shop itself names files: random, URL-safe, with the extension of the sniffed type.
// Anything else (dots, slashes, temp files) is never served.
const storedName = /^[A-Za-z0-9_-]{16,64}\.(jpg|png|webp)$/;

export const imageTooLarge = () =>
  new AppError(413, 'IMAGE_TOO_LARGE', `The image is too large: the limit is ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`);

/**
 * Keeps an uploaded image under a new random name and answers its site path. The bytes are
 * written to a hidden temporary name first and renamed into place, so a crash never leaves
 * half a file where the shop would serve it.
 */
export async function storeImage(dir: string, bytes: Buffer): Promise<string> {
  if (bytes.length > UPLOAD_MAX_BYTES) throw imageTooLarge();
  const type = sniffImageType(bytes);
  if (!type) throw badRequest('UNSUPPORTED_IMAGE', 'The file is not an image the shop accepts: use JPEG, PNG or WebP.');
  const name = `${randomBytes(16).toString('base64url')}.${extensions[type]}`;
  const temporary = path.join(dir, `.${name}.part`);
  try {
    await fs.writeFile(temporary, bytes, { flag: 'wx' });
    await fs.rename(temporary, path.join(dir, name));
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  return `/uploads/${name}`;
}

/** Where a stored image is and its content type; null for any name the shop did not make. */
export function storedImage(dir: string, file: string): { path: string; type: ImageType } | null {
  const match = storedName.exec(file);
  const type = match?.[1] ? typesByExtension.get(match[1]) : undefined;
  return type ? { path: path.join(dir, file), type } : null;
}
