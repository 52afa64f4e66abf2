import { describe, expect, it } from 'vitest';
import { checkImageSize, responsiveImage, UPLOAD_MAX_PIXELS } from './product-images.ts';

describe('responsiveImage', () => {
  it('gives an uploaded photo AVIF and WebP sources and a JPEG srcset at 320, 640, 1024 and 1600 px', () => {
    expect(responsiveImage('/uploads/AbCdEfGhIjKlMnOp_-12.png')).toEqual({
      sources: [
        {
          type: 'image/avif',
          srcSet:
            '/uploads/AbCdEfGhIjKlMnOp_-12.w320.avif 320w, /uploads/AbCdEfGhIjKlMnOp_-12.w640.avif 640w, /uploads/AbCdEfGhIjKlMnOp_-12.w1024.avif 1024w, /uploads/AbCdEfGhIjKlMnOp_-12.w1600.avif 1600w',
        },
        {
          type: 'image/webp',
          srcSet:
            '/uploads/AbCdEfGhIjKlMnOp_-12.w320.webp 320w, /uploads/AbCdEfGhIjKlMnOp_-12.w640.webp 640w, /uploads/AbCdEfGhIjKlMnOp_-12.w1024.webp 1024w, /uploads/AbCdEfGhIjKlMnOp_-12.w1600.webp 1600w',
        },
      ],
      srcSet:
        '/uploads/AbCdEfGhIjKlMnOp_-12.w320.jpg 320w, /uploads/AbCdEfGhIjKlMnOp_-12.w640.jpg 640w, /uploads/AbCdEfGhIjKlMnOp_-12.w1024.jpg 1024w, /uploads/AbCdEfGhIjKlMnOp_-12.w1600.jpg 1600w',
    });
  });

  it.each([
    '/images/products/oxford-shirt--white--front.svg',
    '/uploads/short.jpg',
    '/uploads/AbCdEfGhIjKlMnOp_-12.w320.webp',
    '/uploads/AbCdEfGhIjKlMnOp_-12.gif',
    'https://elsewhere.example/AbCdEfGhIjKlMnOp_-12.jpg',
    '',
  ])('leaves %j as it is (null)', (url) => {
    expect(responsiveImage(url)).toBeNull();
  });
});

describe('checkImageSize', () => {
  it.each([
    ['a phone photo', 4032, 3024, { ok: true }],
    ['exactly 40 megapixels', 8000, 5000, { ok: true }],
    ['a single pixel', 1, 1, { ok: true }],
    ['a long thin strip within the limit', 40_000_000, 1, { ok: true }],
    [
      'one pixel over',
      40_000_001,
      1,
      { ok: false, reason: 'TOO_MANY_PIXELS', pixels: 40_000_001, maxPixels: UPLOAD_MAX_PIXELS },
    ],
    [
      'one row over',
      8000,
      5001,
      { ok: false, reason: 'TOO_MANY_PIXELS', pixels: 40_008_000, maxPixels: UPLOAD_MAX_PIXELS },
    ],
    [
      'the bomb: 16,000 × 16,000',
      16_000,
      16_000,
      { ok: false, reason: 'TOO_MANY_PIXELS', pixels: 256_000_000, maxPixels: UPLOAD_MAX_PIXELS },
    ],
    ['no width', undefined, 100, { ok: false, reason: 'NO_SIZE' }],
    ['no height', 100, undefined, { ok: false, reason: 'NO_SIZE' }],
    ['zero', 0, 100, { ok: false, reason: 'NO_SIZE' }],
    ['negative', -10, 100, { ok: false, reason: 'NO_SIZE' }],
    ['not whole', 10.5, 100, { ok: false, reason: 'NO_SIZE' }],
  ])('%s (%s × %s)', (_case, width, height, expected) => {
    const check = checkImageSize(width, height);
    expect(check).toEqual(expected);
    // Invariant: accepted means a real size within the limit; refused for size names the count over it.
    if (check.ok) expect(width! * height!).toBeLessThanOrEqual(UPLOAD_MAX_PIXELS);
    if (!check.ok && check.reason === 'TOO_MANY_PIXELS') expect(check.pixels).toBeGreaterThan(check.maxPixels);
  });
});
