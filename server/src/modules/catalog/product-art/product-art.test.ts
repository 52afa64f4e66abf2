import { describe, it, expect } from 'vitest';
import { colorSwatches } from '@shop/core';
import {
  artFileName,
  artKinds,
  artViews,
  parseArtFileName,
  renderProductArt,
  type ArtKind,
  type ArtView,
} from './product-art.ts';

const colors = Object.keys(colorSwatches);
const kindViews = artKinds.flatMap((kind) => artViews.map((view) => [kind, view] as const));
const everything = artKinds.flatMap((kind) =>
  colors.flatMap((color) => artViews.map((view) => [kind, color, view] as const)),
);

describe('renderProductArt', () => {
  it.each(kindViews)('%s / %s renders a standalone SVG document', (kind, view) => {
    for (const color of ['white', 'black', 'navy', 'sky blue', 'gold']) {
      const svg = renderProductArt(kind, color, view);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg).toContain('viewBox="0 0 600 750"');
      expect(svg).toContain('width="600" height="750"');
      expect(svg).not.toMatch(/<script/i);
      expect(svg).not.toMatch(/href="(?:https?:|data:|\/\/)/i);
      expect(svg).not.toMatch(/<image|<foreignObject|@import|url\((?!#)/i);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      expect(Buffer.byteLength(svg)).toBeLessThan(8 * 1024);
    }
  });

  it.each(kindViews)('%s / %s is deterministic and differs by colour', (kind, view) => {
    const a = renderProductArt(kind, 'navy', view);
    expect(renderProductArt(kind, 'navy', view)).toBe(a);
    expect(renderProductArt(kind, 'maroon', view)).not.toBe(a);
  });

  it('draws each view differently', () => {
    for (const kind of artKinds) {
      const pictures = new Set(artViews.map((view) => renderProductArt(kind, 'olive', view)));
      expect(pictures.size).toBe(artViews.length);
    }
  });

  it('every reference inside a document points at something it defines', () => {
    for (const [kind, color, view] of everything) {
      const svg = renderProductArt(kind, color, view);
      const ids = new Set([...svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
      const refs = [...svg.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)].map((m) => m[1] ?? m[2]);
      for (const ref of refs) expect(ids, `${kind} ${color} ${view}: #${ref}`).toContain(ref);
    }
  });

  it('stays small for every kind, colour and view', () => {
    let largest = 0;
    for (const [kind, color, view] of everything) {
      largest = Math.max(largest, Buffer.byteLength(renderProductArt(kind, color, view)));
    }
    expect(largest).toBeLessThan(8 * 1024);
  });

  it('throws a RangeError for an unknown kind, colour or view', () => {
    expect(() => renderProductArt('toga' as ArtKind, 'navy', 'front')).toThrow(RangeError);
    expect(() => renderProductArt('shirt', 'teal', 'front')).toThrow(RangeError);
    expect(() => renderProductArt('shirt', 'sky-blue', 'front')).toThrow(RangeError);
    expect(() => renderProductArt('shirt', 'toString', 'front')).toThrow(RangeError);
    expect(() => renderProductArt('shirt', 'navy', 'side' as ArtView)).toThrow(RangeError);
  });
});

describe('artFileName and parseArtFileName', () => {
  it('names files kind--colour--view.svg', () => {
    expect(artFileName('t-shirt', 'sky blue', 'front')).toBe('t-shirt--sky-blue--front.svg');
    expect(artFileName('bucket-hat', 'bottle green', 'styled')).toBe('bucket-hat--bottle-green--styled.svg');
  });

  it.each(everything)('round-trips %s / %s / %s', (kind, color, view) => {
    const file = artFileName(kind, color, view);
    expect(file).toMatch(/^[a-z-]+\.svg$/);
    expect(parseArtFileName(file)).toEqual({ kind, color, view });
  });

  it.each([
    '../x.svg',
    '../t-shirt--navy--front.svg',
    'x/t-shirt--navy--front.svg',
    '/t-shirt--navy--front.svg',
    't-shirt--navy--front.svg/',
    '..%2Ft-shirt--navy--front.svg',
    't-shirt--navy--front.svg\0',
    't-shirt--navy--front.svg\n',
    ' t-shirt--navy--front.svg',
    'toga--navy--front.svg',
    't-shirt--teal--front.svg',
    't-shirt--sky blue--front.svg',
    't-shirt--sky--blue--front.svg',
    't-shirt--navy--side.svg',
    't-shirt--navy--front',
    't-shirt--navy--front.png',
    't-shirt--navy--front.SVG',
    'T-Shirt--navy--front.svg',
    't-shirt--navy--front--extra.svg',
    'extra--t-shirt--navy--front.svg',
    't-shirt--navy.svg',
    't-shirt---navy--front.svg',
    't-shirt--navy---front.svg',
    't-shirt--navy-front.svg',
    't-shirt--to-string--front.svg',
    't-shirt--constructor--front.svg',
    '',
    '.svg',
  ])('rejects %j', (file) => {
    expect(parseArtFileName(file)).toBeNull();
  });

  it('refuses to name an unknown kind, colour or view', () => {
    expect(() => artFileName('toga' as ArtKind, 'navy', 'front')).toThrow(RangeError);
    expect(() => artFileName('shirt', 'teal', 'front')).toThrow(RangeError);
    expect(() => artFileName('shirt', 'navy', 'side' as ArtView)).toThrow(RangeError);
  });
});
