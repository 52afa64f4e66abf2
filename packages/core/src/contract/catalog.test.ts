import { describe, expect, it } from 'vitest';
import { productUpdateBody } from './catalog.ts';

describe("a product's images", () => {
  it.each([
    ['/uploads/-Jk2_a9.png', true], // upload names are base64url: they may start with - or _
    ['/uploads/_x.webp', true],
    ['/images/products/t-shirt--navy--front.svg', true],
    ['/uploads/.hidden', false],
    ['//evil.example/x.png', false],
    ['https://cdn.example.com/a.jpg', false],
    ['/uploads/a/b.png', false],
  ])('%s → %s', (url, ok) => {
    expect(productUpdateBody.safeParse({ images: [url] }).success).toBe(ok);
  });
});
