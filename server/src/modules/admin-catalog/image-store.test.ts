import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { imageVariantFormats, imageVariantWidths, UPLOAD_MAX_BYTES } from '@shop/core';
import { pngBomb } from '../../test/images.ts';
import { makeMissingVariant, sniffImageType, storedImage, storeImage } from './image-store.ts';
import { serviceBusy } from '../../lib/errors.ts';

// Every input given to sharp, in order: the tests count how often an original is decoded.
const sharpInputs = vi.hoisted(() => [] as unknown[]);
vi.mock('sharp', async (importOriginal) => {
  const actual = (await importOriginal<{ default: typeof import('sharp') }>()).default;
  const counting = new Proxy(actual, {
    apply(target, thisArg, args: unknown[]) {
      sharpInputs.push(args[0]);
      return Reflect.apply(target, thisArg, args);
    },
  });
  return { default: counting };
});

/** CPU time (all threads: libvips works outside JavaScript's) and wall time that `work` takes. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return { result, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - start };
}

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
    ['an AVIF variant', 'AbC_-0123456789xyz.w640.avif', 'image/avif'],
    ['a WebP variant', 'AbC_-0123456789xyz.w1600.webp', 'image/webp'],
    ['a JPEG variant', 'AbC_-0123456789xyz.w320.jpg', 'image/jpeg'],
    ['a width the shop never makes', 'AbC_-0123456789xyz.w500.webp', null],
    ['a PNG variant (never made)', 'AbC_-0123456789xyz.w320.png', null],
    ['an AVIF original (never kept)', 'AbC_-0123456789xyz.avif', null],
  ])('%s', (_case, name, type) => {
    const found = storedImage('/srv/uploads', name);
    expect(found?.type ?? null).toBe(type);
    if (found) expect(found.path).toBe(path.join('/srv/uploads', name));
  });
});

/** A real photo-like image: `width` × `height` px of a gradient, in `format`. */
async function photo(width: number, height: number, format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = (i / 3) % 256;
    pixels[i + 1] = 120;
    pixels[i + 2] = Math.floor(i / 3 / width) % 256;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

describe('storeImage', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-image-store-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  let png: Buffer;
  let wideJpeg: Buffer;
  beforeAll(async () => {
    png = await photo(40, 30, 'png');
    wideJpeg = await photo(2000, 1000, 'jpeg');
  });
  const filesOf = (url: string) => {
    const name = url.replace('/uploads/', '').replace(/\.[a-z]+$/, '');
    return fs.readdirSync(dir).filter((f) => f.startsWith(`${name}.`));
  };

  it('keeps the original as sent under a new random name, with every variant, and no temporary file', async () => {
    const first = await storeImage(dir, png);
    const second = await storeImage(dir, png);
    expect(first).not.toBe(second);
    const name = first.replace('/uploads/', '');
    expect(storedImage(dir, name)?.type).toBe('image/png');
    expect(fs.readFileSync(path.join(dir, name)).equals(png)).toBe(true);
    const base = name.replace(/\.png$/, '');
    expect(filesOf(first).sort()).toEqual(
      [name, ...imageVariantWidths.flatMap((w) => imageVariantFormats.map((f) => `${base}.w${w}.${f}`))].sort(),
    );
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('makes each variant at its width (never wider than the original) and in its format', async () => {
    const url = await storeImage(dir, wideJpeg);
    const base = path.join(dir, url.replace('/uploads/', '').replace(/\.jpg$/, ''));
    for (const width of imageVariantWidths) {
      for (const [format, expected] of [
        ['avif', 'heif'],
        ['webp', 'webp'],
        ['jpg', 'jpeg'],
      ] as const) {
        const meta = await sharp(`${base}.w${width}.${format}`).metadata();
        expect(meta.format, `${width} ${format}`).toBe(expected);
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(width / 2);
      }
    }
    // A small original is not enlarged.
    const small = await storeImage(dir, png);
    const meta = await sharp(
      path.join(dir, small.replace('/uploads/', '').replace(/\.png$/, '.w1600.webp')),
    ).metadata();
    expect(meta.width).toBe(40);
  });

  it('makes a missing variant again from the original when it is asked for', async () => {
    const url = await storeImage(dir, png);
    const variant = url.replace('/uploads/', '').replace(/\.png$/, '.w640.avif');
    fs.rmSync(path.join(dir, variant));
    expect(await makeMissingVariant(dir, variant)).toBe(true);
    expect((await sharp(path.join(dir, variant)).metadata()).format).toBe('heif');
    expect(await makeMissingVariant(dir, 'NoSuchOriginal0123456.w640.avif')).toBe(false);
  });

  it('refuses what is not an image, what only starts like one, and what is too large, writing nothing', async () => {
    const before = fs.readdirSync(dir);
    await expect(storeImage(dir, bytes('plain text'))).rejects.toMatchObject({
      statusCode: 400,
      code: 'UNSUPPORTED_IMAGE',
    });
    await expect(storeImage(dir, bytes([0x89], 'PNG\r\n\x1a\n', 'rest of the file'))).rejects.toMatchObject({
      statusCode: 400,
      code: 'UNSUPPORTED_IMAGE',
    });
    await expect(storeImage(dir, Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES)]))).rejects.toMatchObject({
      statusCode: 413,
      code: 'IMAGE_TOO_LARGE',
    });
    expect(fs.readdirSync(dir)).toEqual(before);
  });

  it('refuses an image declaring over 40 megapixels from its header alone: 400, well under a second of work, nothing written', async () => {
    // 16,000 × 16,000 RGBA pixels (a gigabyte decoded) in a 1 MB PNG, as the review sent.
    const bomb = pngBomb(16_000, 16_000);
    expect(bomb.length).toBeLessThan(UPLOAD_MAX_BYTES);
    const before = fs.readdirSync(dir);
    const rss = process.memoryUsage.rss();
    const { result, cpuMs } = await measured(() =>
      // Three at once, as the review sent them.
      Promise.all([1, 2, 3].map(() => storeImage(dir, bomb).catch((error: unknown) => error))),
    );
    for (const refused of result) {
      expect(refused).toMatchObject({
        statusCode: 400,
        code: 'IMAGE_TOO_MANY_PIXELS',
        message:
          'The image is 16000 × 16000 pixels (256 megapixels): the shop takes photos of at most 40 megapixels, such as 8000 × 5000.',
      });
    }
    expect(cpuMs).toBeLessThan(300);
    expect(process.memoryUsage.rss() - rss).toBeLessThan(100 * 1024 * 1024);
    expect(fs.readdirSync(dir)).toEqual(before);
  });

  it('decodes the original once for all its variants', async () => {
    const photo2000 = await photo(2000, 1000, 'jpeg');
    sharpInputs.length = 0;
    const url = await storeImage(dir, photo2000);
    expect(filesOf(url)).toHaveLength(1 + imageVariantWidths.length * imageVariantFormats.length);
    // Once for its header, once to decode it; every variant is made from that one decode.
    expect(sharpInputs.filter((input) => input === photo2000)).toHaveLength(2);
  });

  it('works on one upload at a time, however many arrive together', async () => {
    const photos = await Promise.all([1, 2, 3].map((i) => photo(300 + i, 200, 'jpeg')));
    let most = 0;
    // libvips operations at work at once. Added to its `queue` counter (operations waiting for a
    // thread), the figure once read 2 under a full test run's load, an upload's next operation
    // counted before the one before it was let go: the operations at work are what is limited.
    const watch = setInterval(() => {
      most = Math.max(most, sharp.counters().process);
    }, 2);
    try {
      const urls = await Promise.all(photos.map((p) => storeImage(dir, p)));
      for (const url of urls) {
        expect(filesOf(url)).toHaveLength(1 + imageVariantWidths.length * imageVariantFormats.length);
      }
    } finally {
      clearInterval(watch);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(1);
  });

  it('keeps 16 uploads waiting behind the one at work, and answers any more at once: 503, busy, nothing written', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => storeImage(dir, png).catch((error: unknown) => error)),
    );
    const stored = results.filter((r) => typeof r === 'string');
    const refused = results.filter((r) => typeof r !== 'string');
    expect(stored).toHaveLength(17);
    expect(refused).toHaveLength(3);
    for (const error of refused) expect(error).toMatchObject({ statusCode: 503, code: 'SERVICE_BUSY' });
    for (const url of stored) {
      expect(filesOf(url as string)).toHaveLength(1 + imageVariantWidths.length * imageVariantFormats.length);
    }
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('sets libvips for a shared server once it is loaded: no operation cache, one thread per operation', async () => {
    await storeImage(dir, png);
    const cache = sharp.cache();
    expect(cache.memory.max).toBe(0);
    expect(cache.files.max).toBe(0);
    expect(cache.items.max).toBe(0);
    expect(sharp.concurrency()).toBe(1);
  });

  it('drops a waiting upload whose request was given up: it is never decoded and writes nothing', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [working, abandoned, next] = await Promise.all(
        [1, 2, 3].map((i) => photo(500 + round * 10 + i, 300, 'jpeg')),
      );
      sharpInputs.length = 0;
      const givenUp = new AbortController();
      const runs = [
        storeImage(dir, working!),
        storeImage(dir, abandoned!, givenUp.signal).catch((error: unknown) => error),
        storeImage(dir, next!),
      ];
      givenUp.abort(serviceBusy());
      const [first, dropped, third] = await Promise.all(runs);
      expect(dropped).toMatchObject({ statusCode: 503, code: 'SERVICE_BUSY' });
      expect(sharpInputs).not.toContain(abandoned);
      for (const url of [first, third]) {
        expect(filesOf(url as string)).toHaveLength(1 + imageVariantWidths.length * imageVariantFormats.length);
      }
    }
  });

  it('never decodes an original over the limit kept from before it (a missing variant is not made)', async () => {
    const name = 'OldBombOriginal012345';
    fs.writeFileSync(path.join(dir, `${name}.png`), pngBomb(16_000, 16_000));
    const { result, cpuMs } = await measured(() => makeMissingVariant(dir, `${name}.w320.webp`));
    expect(result).toBe(false);
    expect(cpuMs).toBeLessThan(300);
    expect(fs.existsSync(path.join(dir, `${name}.w320.webp`))).toBe(false);
  });

  it('leaves no file when the folder cannot be written', async () => {
    await expect(storeImage(path.join(dir, 'missing'), png)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(fs.existsSync(path.join(dir, 'missing'))).toBe(false);
  });
});
