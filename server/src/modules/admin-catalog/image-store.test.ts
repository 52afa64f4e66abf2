import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@shop/core';
import { sniffImageType, storedImage, storeImage } from './image-store.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffImageType', () => {
  it.each([
    ['a PNG signature', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]), 'image/png'],
    ['a JPEG start-of-image marker', bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif'), 'image/jpeg'],
    ['a RIFF container of WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8L'), 'image/webp'],
    ['a RIFF container of something else (WAV)', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '), null],
    ['a GIF', bytes('GIF89a'), null],
    ['an SVG (scripts could ride along)', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['text', bytes('hello, world'), null],
    ['a PNG signature cut short', bytes([0x89], 'PNG'), null],
    ['nothing', bytes(), null],
  ])('%s → %s', (_case, data, type) => {
    expect(sniffImageType(data)).toBe(type);
  });
});

describe('storedImage', () => {
  it.each([
    ['a name the shop makes', 'AbC_-0123456789xyz.png', 'image/png'],
    ['a JPEG', 'AbC_-0123456789xyz.jpg', 'image/jpeg'],
    ['a WebP', 'AbC_-0123456789xyz.webp', 'image/webp'],
    ['a path outside the folder', '../../etc/passwd', null],
    ['a temporary file', '.AbC_-0123456789xyz.png.part', null],
    ['a short name', 'abc.png', null],
    ['an extension the shop never writes', 'AbC_-0123456789xyz.svg', null],
    ['two extensions', 'AbC_-0123456789xyz.png.png', null],
  ])('%s', (_case, name, type) => {
    const found = storedImage('/srv/uploads', name);
    expect(found?.type ?? null).toBe(type);
    if (found) expect(found.path).toBe(path.join('/srv/uploads', name));
  });
});

describe('storeImage', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-image-store-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const png = bytes([0x89], 'PNG\r\n\x1a\n', 'rest of the file');

  it('writes the bytes under a new random name, leaving no temporary file', async () => {
    const first = await storeImage(dir, png);
    const second = await storeImage(dir, png);
    expect(first).not.toBe(second);
    const name = first.replace('/uploads/', '');
    expect(storedImage(dir, name)?.type).toBe('image/png');
    expect(fs.readFileSync(path.join(dir, name)).equals(png)).toBe(true);
    expect(fs.readdirSync(dir).sort()).toEqual([name, second.replace('/uploads/', '')].sort());
  });

  it('refuses what is not an image, and what is too large, writing nothing', async () => {
    const before = fs.readdirSync(dir);
    await expect(storeImage(dir, bytes('plain text'))).rejects.toMatchObject({
      statusCode: 400,
      code: 'UNSUPPORTED_IMAGE',
    });
    await expect(storeImage(dir, Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES)]))).rejects.toMatchObject({
      statusCode: 413,
      code: 'IMAGE_TOO_LARGE',
    });
    expect(fs.readdirSync(dir)).toEqual(before);
  });

  it('leaves no temporary file when the folder cannot be written', async () => {
    await expect(storeImage(path.join(dir, 'missing'), png)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(fs.existsSync(path.join(dir, 'missing'))).toBe(false);
  });
});
