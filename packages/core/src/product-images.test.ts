import { describe, expect, it } from 'vitest';
import { responsiveImage } from './product-images.ts';

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
