/**
 * Draws the catalogue's product images as standalone SVG documents.
 *
 * No photograph can be fetched where the shop runs, so every product image is an
 * illustration drawn here from three facts: what the item is (`kind`), the colour it is
 * shown in (a key of `colorSwatches`) and which picture of it is wanted (`view`).
 * The output is deterministic (same input, same bytes), self-contained (no external
 * references, scripts or web fonts) and small (a few KB), so it can be written to disk
 * once, served with long cache headers, or rendered on the fly.
 *
 * Each image uses its own internal ids and CSS classes; they are meant to be shown
 * through `<img src>` (or as CSS backgrounds), not inlined several to a page.
 */
import { colorSwatches } from '@shop/core';

export const artKinds = [
  't-shirt',
  'polo',
  'shirt',
  'hoodie',
  'jacket',
  'kurta',
  'trousers',
  'jeans',
  'shorts',
  'cap',
  'bucket-hat',
  'beanie',
  'belt',
  'wallet',
  'sunglasses',
  'watch',
  'dress',
  'top',
  'necklace',
  'ring',
  'bracelet',
  'earrings',
] as const;
export type ArtKind = (typeof artKinds)[number];

export const artViews = ['front', 'back', 'detail', 'styled'] as const;
export type ArtView = (typeof artViews)[number];

export const ART_WIDTH = 600;
export const ART_HEIGHT = 750;

// ---------------------------------------------------------------------------------------
// Colour arithmetic

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(c: Rgb): string {
  return `#${c
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Linear blend of two colours: t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

function luma(hex: string): number {
  const [r, g, b] = toRgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Shades derived from one swatch colour. */
interface Palette {
  c: string;
  hi: string;
  lo: string;
  deep: string;
  line: string;
  stitch: string;
  button: string;
  buttonLine: string;
  light: boolean;
  dark: boolean;
}

function paletteOf(c: string): Palette {
  const l = luma(c);
  const light = l > 0.72;
  const dark = l < 0.2;
  return {
    c,
    hi: mix(c, '#ffffff', dark ? 0.16 : light ? 0.7 : 0.24),
    lo: mix(c, '#2e261e', light ? 0.13 : dark ? 0.3 : 0.26),
    deep: mix(c, '#000000', light ? 0.3 : dark ? 0.35 : 0.48),
    line: light ? '#a39c91' : mix(c, '#000000', dark ? 0.45 : 0.45),
    stitch: dark ? mix(c, '#ffffff', 0.32) : mix(c, '#000000', light ? 0.24 : 0.32),
    button: light ? '#ebe6dc' : dark ? mix(c, '#ffffff', 0.22) : mix(c, '#ffffff', 0.3),
    buttonLine: light ? '#9d968a' : mix(c, '#000000', 0.5),
    light,
    dark,
  };
}

interface Metal {
  hi: string;
  c: string;
  lo: string;
  line: string;
}

const GOLD: Metal = { hi: '#fcf0c4', c: '#dcb65a', lo: '#a17629', line: '#7a5a1f' };
const SILVER: Metal = { hi: '#ffffff', c: '#c9cdd3', lo: '#878e97', line: '#5f656d' };

const goldish = new Set(['gold', 'brown', 'beige', 'mustard', 'rust', 'maroon', 'pink', 'red']);
const metalColors = new Set(['gold', 'silver']);

// ---------------------------------------------------------------------------------------
// Drawing helpers. Paths are written as absolute "x,y" pairs so `mirror` can reflect them.

const p = (d: string, cls: string): string => `<path class="${cls}" d="${d}"/>`;

/** Reflects a path about the vertical centre line x = 300. */
const mirror = (d: string): string =>
  d.replace(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g, (_m, x: string, y: string) => `${600 - Number(x)},${y}`);

/** Moves a path sideways (before mirroring, a right-hand part moves outwards). */
const shiftX = (d: string, dx: number): string =>
  dx === 0
    ? d
    : d.replace(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g, (_m, x: string, y: string) => `${Number(x) + dx},${y}`);

/** The path and its mirror image, as two elements. */
const pair = (d: string, cls: string): string => p(d, cls) + p(mirror(d), cls);

const button = (x: number, y: number, s = 1): string =>
  s === 1 ? `<use href="#bt" x="${x}" y="${y}"/>` : `<use href="#bt" transform="translate(${x} ${y}) scale(${s})"/>`;

const r1 = (n: number): string => String(Math.round(n * 10) / 10);
const round2 = (n: number): number => Math.round(n * 100) / 100;

interface Ctx {
  p: Palette;
  m: Metal;
  /** Whether the item is itself a gold or silver piece. */
  metallic: boolean;
}

interface KindDef {
  draw: (c: Ctx, back: boolean) => string;
  /** Bounds of the front drawing: x0, y0, x1, y1. */
  box: [number, number, number, number];
  /** Focus of the close-up: centre x, centre y, magnification. */
  zoom: [number, number, number];
  texture: TextureName;
  scene: 'hanger' | 'clip' | 'table' | 'plinth' | 'bust';
}

// ---------------------------------------------------------------------------------------
// Garments (tops)

const neck = (dip: number) => `M255,140 Q300,${dip} 345,140`;

function torso(dip: number, hem: 'straight' | 'tail' | 'rib', wide: number, hemY: number): string {
  const top = `${neck(dip)} L${425 + wide},160 Q${414 + wide},212 ${425 + wide},266`;
  const side = `Q${186 - wide},212 ${175 - wide},160 Z`;
  const l = 170 - wide;
  const r = 430 + wide;
  if (hem === 'tail')
    return `${top} L${r},${hemY - 40} Q${r + 2},${hemY - 2} ${r - 28},${hemY + 4} Q300,${hemY + 22} ${l + 28},${hemY + 4} Q${l - 2},${hemY - 2} ${l},${hemY - 40} L${175 - wide},266 ${side}`;
  if (hem === 'rib') return `${top} L${r - 2},${hemY} L${l + 2},${hemY} L${175 - wide},266 ${side}`;
  return `${top} L${r},${hemY} Q300,${hemY + 12} ${l},${hemY} L${175 - wide},266 ${side}`;
}

/** Sleeves (or any right-hand part) moved out to a torso `wide` units wider, and mirrored. */
const sleeves = (d: string, wide: number, cls: string): string => pair(shiftX(d, wide), cls);

const SHORT_SLEEVE = 'M425,160 L506,250 L462,292 L425,266 Q414,212 425,160 Z';
const LONG_SLEEVE = 'M425,160 Q470,320 506,545 L456,560 L426,270 Q414,214 425,160 Z';
const CUFF = 'M498,500 L506,545 L456,560 L450,516 Z';
const RIB_SLEEVE = 'M425,160 Q468,320 498,530 L456,540 L426,270 Q414,214 425,160 Z';
const RIB_CUFF = 'M498,528 L502,570 L462,578 L456,538 Z';

const rib = (d: string): string => p(d, 'g') + p(d, 'rb');

const hemStitch = (wide: number, hemY: number): string =>
  p(`M${172 - wide},${hemY - 14} Q300,${hemY - 2} ${428 + wide},${hemY - 14}`, 's');

function tee(c: Ctx, back: boolean): string {
  const w = 22;
  const dip = back ? 156 : 188;
  let s = sleeves(SHORT_SLEEVE, w, 'g') + sleeves('M497,240 L453,282', w, 's');
  s += p(torso(dip, 'straight', w, 580), 'g');
  if (!back) s += p(`${neck(dip)} Q300,152 255,140 Z`, 'd');
  s += `<path class="rc" d="M253,145 Q300,${dip + 9} 347,145"/><path class="rr" d="M253,145 Q300,${dip + 9} 347,145"/>`;
  s += p(`M250,154 Q300,${dip + 24} 350,154`, 's') + hemStitch(w, 580);
  if (back) s += `<rect x="288" y="${dip - 2}" width="24" height="15" rx="2" class="lb"/>`;
  s += p(back ? 'M200,320 Q240,380 230,460' : 'M190,300 Q230,360 226,430', 'f');
  s += p('M415,310 Q380,380 390,450', 'f') + p('M240,530 Q290,556 350,548', 'f');
  s += p('M265,250 Q285,380 265,500', 'h') + p('M350,440 Q380,480 400,540', 'h');
  void c;
  return s;
}

function collar(tipY: number): string {
  // Back stand of the collar, the shadowed neck opening and the two collar points.
  return (
    p('M248,138 Q300,114 352,138 Q300,152 248,138 Z', 'g') +
    p('M256,141 Q300,152 344,141 L300,172 Z', 'd') +
    pair(`M248,136 Q244,${tipY - 40} 260,${tipY} Q282,${tipY - 22} 300,170 Q282,148 248,136 Z`, 'g') +
    pair(`M256,146 Q252,${tipY - 38} 263,${tipY - 10}`, 's')
  );
}

function polo(c: Ctx, back: boolean): string {
  const w = 22;
  const sleeve = 'M425,160 L496,240 L458,280 L425,266 Q414,212 425,160 Z';
  let s = sleeves(sleeve, w, 'g') + sleeves('M496,240 L458,280 L448,270 L486,229 Z', w, 'rb');
  s += p(torso(back ? 146 : 160, 'straight', w, 580), 'g') + hemStitch(w, 580);
  if (back) {
    s += p('M248,136 Q300,120 352,136 L348,158 Q300,146 252,158 Z', 'g') + p('M254,150 Q300,140 346,150', 's');
  } else {
    s += `<rect x="288" y="160" width="24" height="104" class="g"/>` + p('M292,166 V258 H308 V166', 's');
    s += button(300, 196) + button(300, 236) + collar(206);
  }
  s += p('M190,300 Q230,360 226,430', 'f') + p('M415,310 Q380,380 390,450', 'f');
  s += p('M265,280 Q285,400 262,510', 'h') + p('M240,530 Q290,556 350,548', 'f');
  void c;
  return s;
}

function shirt(c: Ctx, back: boolean): string {
  const w = 18;
  let s = sleeves(LONG_SLEEVE, w, 'g') + sleeves(CUFF, w, 'g') + sleeves('M494,506 L456,520', w, 's');
  s += p(torso(back ? 146 : 150, 'tail', w, 610), 'g');
  s += p('M156,572 Q154,604 184,608 Q300,626 416,608 Q446,604 444,572', 's');
  if (back) {
    s += p('M248,134 Q300,122 352,134 L348,160 Q300,150 252,160 Z', 'g');
    s += p('M160,210 Q300,222 440,210', 'l') + p('M160,218 Q300,230 440,218', 's');
    s += p('M290,216 L286,290', 'l') + p('M310,216 L314,290', 'l');
    s += p('M208,300 Q240,420 222,540', 'f') + p('M392,300 Q360,420 378,540', 'f');
  } else {
    s += p('M289,170 L311,170 L311,623 L289,623 Z', 'g') + p('M293,176 V618 M307,176 V618', 's');
    for (const y of [200, 268, 336, 404, 472, 540]) s += button(300, y, 0.85);
    s += p('M336,250 L390,250 L390,308 L363,320 L336,308 Z', 'g') + p('M340,262 H386', 's');
    s += collar(214);
    s += p('M200,320 Q236,380 228,470', 'f') + p('M405,330 Q375,400 386,490', 'f');
    s += p('M262,260 Q280,400 262,560', 'h');
  }
  s += sleeves('M460,300 Q480,400 486,480', w, 'f');
  void c;
  return s;
}

function hoodie(c: Ctx, back: boolean): string {
  const w = 24;
  let s = '';
  if (!back) s += p('M230,176 C218,82 266,44 300,44 C334,44 382,82 370,176 Z', 'g');
  s += sleeves(RIB_SLEEVE, w, 'g') + sleeves(RIB_CUFF, w, 'g') + sleeves(RIB_CUFF, w, 'rb');
  s += p(torso(back ? 150 : 170, 'rib', w, 568), 'g');
  s += rib('M148,566 L452,566 L448,612 L152,612 Z');
  if (back) {
    s += p('M226,150 C212,250 252,318 300,326 C348,318 388,250 374,150 Q300,126 226,150 Z', 'g');
    s += p('M300,136 V326', 'l') + p('M292,138 V320 M308,138 V320', 's');
    s += p('M230,380 Q250,460 230,530', 'f') + p('M370,380 Q350,460 370,530', 'f');
  } else {
    s += p('M252,152 C248,86 352,86 348,152 Q332,196 300,214 Q268,196 252,152 Z', 'd');
    s += pair('M246,150 Q264,200 306,216', 'hr');
    s += `<path d="M286,206 Q282,260 276,318 M314,206 Q320,258 326,312" class="dc"/>`;
    s += `<rect x="271" y="312" width="10" height="22" rx="3" class="m"/><rect x="321" y="306" width="10" height="22" rx="3" class="m"/>`;
    s += `<circle cx="286" cy="204" r="5" class="m"/><circle cx="314" cy="204" r="5" class="m"/>`;
    s += p('M228,420 L372,420 L412,500 L412,556 L188,556 L188,500 Z', 'g');
    s += p('M232,428 L368,428 M406,504 V550 H194 V504', 's');
    s += p('M240,450 Q300,500 370,460', 'f') + p('M205,300 Q240,360 230,410', 'f');
  }
  s += sleeves('M456,300 Q476,400 482,480', w, 'f');
  void c;
  return s;
}

function jacket(c: Ctx, back: boolean): string {
  const w = 26;
  let s = sleeves(RIB_SLEEVE, w, 'g') + sleeves(RIB_CUFF, w, 'g') + sleeves(RIB_CUFF, w, 'rb');
  s += p(torso(back ? 142 : 150, 'rib', w, 556), 'g');
  s += rib('M146,554 L454,554 L450,602 L150,602 Z');
  if (back) {
    s += rib('M248,134 Q300,118 352,134 L350,154 Q300,140 250,154 Z');
    s += p('M160,230 Q300,244 440,230', 'l') + p('M160,238 Q300,252 440,238', 's');
    s += p('M230,300 Q260,420 240,520', 'f') + p('M370,300 Q340,420 360,520', 'f');
  } else {
    s += p('M250,134 Q300,112 350,134 Q330,160 300,172 Q270,160 250,134 Z', 'd');
    s += rib('M248,134 Q300,116 352,134 L338,138 Q300,128 262,138 Z');
    s += pair('M248,134 Q252,170 298,188 L298,168 Q270,160 262,136 Z', 'g');
    s += pair('M248,134 Q252,170 298,188 L298,168 Q270,160 262,136 Z', 'rb');
    s += `<path d="M300,168 V554" class="zp"/><path d="M300,168 V554" class="zt"/>`;
    s += `<rect x="294" y="178" width="12" height="28" rx="4" class="m"/>`;
    s += pair('M190,440 L230,388 L240,396 L200,448 Z', 'e') + pair('M186,434 L226,382', 's');
    s += p('M472,290 L500,286 L506,330 L478,334 Z', 'g') + p('M484,296 L490,326', 'zt');
    s += p('M220,280 Q250,360 240,420', 'f') + p('M380,280 Q350,360 360,420', 'f');
    s += p('M262,220 Q277,360 260,500', 'h');
  }
  s += sleeves('M456,330 Q474,420 480,490', w, 'f');
  void c;
  return s;
}

function kurta(c: Ctx, back: boolean): string {
  const sleeve = 'M432,152 Q466,320 492,520 L452,530 L430,262 Q420,206 432,152 Z';
  let s = pair(sleeve, 'g') + pair('M487,490 L448,499', 's');
  const body =
    'M262,122 Q300,136 338,122 L432,152 Q420,206 430,262 L446,700 Q300,712 154,700 L170,262 Q180,206 168,152 Z';
  s += p(body, 'g');
  s += p('M156,684 Q300,696 444,684', 'em') + p('M156,692 Q300,704 444,692', 's');
  s += pair('M445,698 L442,616', 'l');
  if (back) {
    s += p('M264,120 Q300,108 336,120 L336,106 Q300,94 264,106 Z', 'g');
    s += `<rect x="289" y="124" width="22" height="14" rx="2" class="lb"/>`;
    s += p('M230,300 Q262,460 246,640', 'f') + p('M370,300 Q338,460 354,640', 'f');
  } else {
    s += p('M264,106 Q300,94 336,106 Q300,116 264,106 Z', 'd');
    s += p('M262,122 Q300,138 338,122 L336,106 Q300,120 264,106 Z', 'g');
    s += p('M300,120 V136', 'l');
    s += `<rect x="290" y="136" width="20" height="170" class="g"/>`;
    s += p('M283,140 V304 M317,140 V304', 'em');
    for (const y of [162, 208, 254]) s += button(300, y, 0.8);
    s += p('M220,300 Q250,420 236,560', 'f') + p('M380,300 Q350,420 364,560', 'f');
    s += p('M262,330 Q280,470 262,640', 'h');
  }
  void c;
  return s;
}

function dress(c: Ctx, back: boolean): string {
  let s = '';
  if (!back) s += p('M268,110 L300,200 L332,110 Q300,124 268,110 Z', 'd');
  const neckline = back ? 'L268,110 Q300,168 332,110' : 'L268,110 L300,200 L332,110';
  s += p(
    `M244,110 ${neckline} L356,110 Q362,196 396,218 Q384,280 372,332 L228,332 Q216,280 204,218 Q238,196 244,110 Z`,
    'g',
  );
  s += p('M228,328 L372,328 Q430,480 476,664 Q300,700 124,664 Q170,480 228,328 Z', 'g');
  s += p('M134,652 Q300,686 466,652', 's');
  s += p('M225,326 L375,326 L377,346 L223,346 Z', 'e');
  if (back) {
    s += `<path d="M300,166 V470" class="zt"/><rect x="295" y="162" width="10" height="22" rx="3" class="m"/>`;
  } else {
    s += pair('M262,226 L272,318', 'l');
    s += p(neckline.replace('L268,110', 'M268,112'), 'nb');
  }
  s += pair('M262,360 Q240,500 200,660', 'f') + p('M300,360 L300,676', 'f');
  s += pair('M232,370 Q196,500 168,650', 'h') + pair('M284,370 Q278,520 262,676', 'h');
  void c;
  return s;
}

function top(c: Ctx, back: boolean): string {
  const sleeve = 'M388,150 C446,138 494,190 478,254 L432,272 Q410,212 388,150 Z';
  let s = pair(sleeve, 'g') + pair('M478,252 L432,270 L438,288 L484,268 Z', 'e');
  s += pair('M404,152 Q416,170 420,190 M424,150 Q438,170 444,196', 'l');
  const dip = back ? 'Q300,150 338,132' : 'L300,198 L338,132';
  if (!back) s += p('M262,132 L300,198 L338,132 Q300,146 262,132 Z', 'd');
  s += p(
    `M262,132 ${dip} L388,150 Q410,212 432,270 L416,420 Q440,500 456,566 Q300,592 144,566 Q160,500 184,420 L168,270 Q190,212 212,150 Z`,
    'g',
  );
  s += p('M184,420 Q300,434 416,420', 'l') + p('M184,428 Q300,442 416,428', 's');
  s += p('M150,554 Q300,578 450,554', 's');
  if (back) {
    s += p('M300,150 V196', 'l') + button(300, 148, 0.7);
  } else {
    s += p(`M262,134 ${dip}`, 'nb');
  }
  s += pair('M240,440 Q220,500 190,560', 'f') + p('M300,440 L300,580', 'h');
  s += p('M230,260 Q250,330 238,400', 'f') + p('M370,260 Q350,330 362,400', 'f');
  void c;
  return s;
}

// ---------------------------------------------------------------------------------------
// Garments (bottoms)

const LEG = 'M198,148 L300,148 L300,340 L286,690 L200,690 Q192,560 190,420 Z';

function trousers(c: Ctx, back: boolean): string {
  let s = pair(LEG, 'g') + p('M196,118 L404,118 L402,150 L198,150 Z', 'g') + p('M198,128 H402 M198,142 H402', 's');
  for (const x of [212, 262, 328, 378]) s += `<rect x="${x}" y="114" width="10" height="42" rx="2" class="g"/>`;
  s += pair('M202,676 L286,676', 's');
  if (back) {
    s += p('M300,150 V340', 'l') + pair('M252,150 L254,196', 'l');
    s += pair('M222,212 L282,212 L282,220 L222,220 Z', 'd') + pair('M218,206 H286', 's');
    s += button(252, 236, 0.7) + button(348, 236, 0.7);
  } else {
    s += button(314, 134, 0.8) + p('M318,152 L318,276 Q318,300 300,306', 's') + p('M300,150 V300', 'l');
    s += pair('M238,150 Q214,200 193,238', 'l') + pair('M230,150 Q208,196 192,228', 's');
  }
  s += pair('M246,160 L244,676', 'cr');
  s += pair('M268,360 Q286,392 290,440', 'f') + pair('M214,600 Q250,616 282,610', 'f');
  s += pair('M222,300 Q228,420 226,600', 'h');
  void c;
  return s;
}

function jeans(c: Ctx, back: boolean): string {
  let s = pair(LEG, 'g') + p('M196,118 L404,118 L402,150 L198,150 Z', 'g') + p('M198,128 H402 M198,142 H402', 't');
  for (const x of [212, 262, 328, 378]) s += `<rect x="${x}" y="114" width="10" height="42" rx="2" class="g"/>`;
  s += pair('M202,672 L286,672 M202,678 L286,678', 't');
  if (back) {
    s += `<rect x="330" y="121" width="44" height="26" rx="2" class="pt"/>`;
    s += p('M198,196 L300,222 L402,196', 'l') + p('M198,204 L300,230 L402,204', 't');
    s += p('M300,222 V340', 'l');
    s += pair('M216,244 L284,238 L288,306 L256,322 L224,310 Z', 'g');
    s += pair('M222,252 L280,247 L283,302 L256,314 L229,304 Z M232,276 Q256,262 278,272', 't');
  } else {
    s += `<use href="#bt" transform="translate(314 134) scale(.8)"/>`;
    s += p('M300,150 V300', 'l') + p('M322,152 L322,272 Q322,300 300,308 M328,152 L328,272 Q328,306 300,316', 't');
    s += pair('M236,150 Q236,212 192,224', 'l') + pair('M228,150 Q228,204 192,214', 't');
    s += p('M346,160 L384,158 L386,196 L350,198 Z', 't');
    s += `<circle cx="236" cy="154" r="3.5" class="rv"/><circle cx="364" cy="154" r="3.5" class="rv"/><circle cx="194" cy="224" r="3.5" class="rv"/><circle cx="406" cy="224" r="3.5" class="rv"/>`;
    s += pair('M290,300 Q264,294 238,302 M292,318 Q268,314 246,324 M292,336 Q274,334 256,342', 'wh');
    s += pair('M240,230 Q246,300 240,380', 'hf');
  }
  s += pair('M268,360 Q286,392 290,440', 'f') + pair('M214,600 Q250,616 282,610', 'f');
  s += pair('M230,450 Q236,520 230,600', 'h');
  void c;
  return s;
}

function shorts(c: Ctx, back: boolean): string {
  let s = pair('M196,232 L300,232 L300,392 L294,520 L180,508 Z', 'g');
  s += pair('M182,484 L294,496 L294,520 L180,508 Z', 'g') + pair('M186,492 L292,503', 's');
  s += rib('M194,194 L406,194 L406,236 L194,236 Z');
  s += p('M300,236 V392', 'l');
  if (back) {
    s += p('M322,268 L382,266 L384,328 L324,330 Z', 'g') + p('M326,274 L378,272 L380,324 L328,326 Z', 's');
    s += `<rect x="289" y="238" width="22" height="14" rx="2" class="lb"/>`;
  } else {
    s += `<circle cx="288" cy="222" r="4.5" class="m"/><circle cx="312" cy="222" r="4.5" class="m"/>`;
    s += `<path d="M288,222 Q284,262 276,302 M312,222 Q318,264 326,300" class="dc"/>`;
    s += `<rect x="271" y="298" width="9" height="20" rx="3" class="m"/><rect x="322" y="296" width="9" height="20" rx="3" class="m"/>`;
    s += pair('M236,236 Q216,270 190,300', 'l') + pair('M228,236 Q208,266 190,290', 's');
  }
  s += pair('M266,400 Q284,430 290,470', 'f') + pair('M222,300 Q228,380 222,470', 'h');
  void c;
  return s;
}

// ---------------------------------------------------------------------------------------
// Headwear

function cap(c: Ctx, back: boolean): string {
  let s = '';
  if (back) {
    s += p('M136,470 C136,318 216,246 300,246 C384,246 464,318 464,470 Z', 'g');
    s += p('M250,470 Q250,402 300,402 Q350,402 350,470 Z', 'd');
    s += p('M300,248 V402', 'l') + p('M292,252 V396 M308,252 V396', 's');
    s += pair('M294,250 C220,290 196,380 196,470', 'l');
    s += `<rect x="238" y="446" width="124" height="18" rx="4" class="g"/><rect x="318" y="443" width="22" height="24" rx="3" class="bk"/>`;
    s += `<ellipse cx="300" cy="246" rx="16" ry="7" class="g"/>`;
    s += p('M140,462 Q300,478 460,462', 's');
    s += pair('M230,300 Q210,380 206,450', 'h');
    return s;
  }
  s += p('M420,442 C494,432 566,458 600,500 L592,516 C552,486 488,472 420,478 Z', 'g');
  s += p('M592,516 C552,486 488,472 420,478 L420,486 C488,482 548,498 588,524 Z', 'd');
  s += p('M430,452 C494,446 556,468 588,500', 's');
  s += p('M112,468 C110,372 178,290 286,286 C394,282 452,360 446,468 Q280,486 112,468 Z', 'g');
  s += p('M286,288 C236,310 206,390 208,474', 'l') + p('M286,288 C346,300 380,380 376,476', 'l');
  s += p('M278,292 C228,316 198,390 200,474 M294,292 C354,306 388,380 384,476', 's');
  s += p('M284,288 C214,300 160,350 150,430', 'l');
  s += `<circle cx="236" cy="330" r="5" class="ey"/><circle cx="340" cy="326" r="5" class="ey"/><circle cx="172" cy="352" r="5" class="ey"/>`;
  s += `<ellipse cx="286" cy="286" rx="18" ry="7" class="g"/>`;
  s += p('M116,458 Q280,476 444,458', 's');
  s += p('M180,340 Q160,400 164,450', 'h') + p('M300,306 Q336,340 336,400', 'h');
  s += p('M420,360 Q436,400 432,450', 'f');
  void c;
  return s;
}

function bucketHat(c: Ctx, back: boolean): string {
  let s = p('M208,296 Q300,262 392,296 L408,430 L192,430 Z', 'g');
  s += p('M208,296 Q300,278 392,296 Q300,314 208,296 Z', 'e');
  s += p('M246,284 L234,428 M354,284 L366,428', 'l');
  s += p('M196,404 Q300,420 404,404', 'l') + p('M194,414 Q300,430 406,414', 's');
  if (back) {
    s += p('M300,272 V428', 'l') + p('M292,274 V420 M308,274 V420', 's');
  } else {
    s += `<circle cx="222" cy="346" r="6" class="ey"/><circle cx="378" cy="346" r="6" class="ey"/>`;
  }
  s += p('M192,424 Q300,446 408,424 L496,500 Q300,560 104,500 Z', 'g');
  s += p('M104,500 Q300,560 496,500 L494,510 Q300,572 106,510 Z', 'd');
  s += p('M178,440 Q300,466 422,440 M156,460 Q300,490 444,460 M134,480 Q300,516 466,480', 's');
  if (back) s += `<rect x="292" y="452" width="16" height="24" rx="2" class="lb"/>`;
  s += p('M250,320 Q262,370 256,410', 'h') + p('M360,320 Q350,370 356,410', 'f');
  void c;
  return s;
}

function beanie(c: Ctx, back: boolean): string {
  const dome = 'M184,440 C178,300 236,232 300,232 C364,232 422,300 416,440 Z';
  let s = '';
  s += `<circle cx="300" cy="216" r="46" class="pp"/><circle cx="300" cy="216" r="46" class="pf"/>`;
  s += p(dome, 'g') + p(dome, 'kn');
  s += rib('M172,432 L428,432 L432,534 Q300,548 168,534 Z');
  s += p('M172,436 L428,436', 'l');
  if (back) s += p('M300,236 V432', 'l');
  else s += `<rect x="346" y="470" width="40" height="28" rx="3" class="pt"/>`;
  s += p('M230,300 Q220,360 224,420', 'h') + p('M380,300 Q392,360 386,420', 'f');
  void c;
  return s;
}

// ---------------------------------------------------------------------------------------
// Accessories

function belt(c: Ctx, back: boolean): string {
  const innerBack = 'M100,380 A200,80 0 0 1 500,380 L500,426 A200,80 0 0 0 100,426 Z';
  const outerFront = 'M100,380 A200,80 0 0 0 500,380 L500,426 A200,80 0 0 1 100,426 Z';
  let s = p(innerBack, 'd');
  if (back) {
    s += `<rect x="276" y="296" width="48" height="52" rx="6" class="bf"/>`;
    s += p(outerFront, 'g') + p('M106,390 A196,77 0 0 0 494,390 M106,418 A196,77 0 0 0 494,418', 's');
    s += `<rect x="272" y="466" width="56" height="28" rx="5" class="bs"/>`;
    return s;
  }
  s += p(outerFront, 'g') + p('M106,390 A196,77 0 0 0 494,390 M106,418 A196,77 0 0 0 494,418', 's');
  s += p('M300,458 A200,80 0 0 0 428,442 L446,466 L428,490 A200,80 0 0 1 300,506 Z', 'g');
  s += p('M300,466 A200,80 0 0 0 424,450 M300,498 A200,80 0 0 0 424,482', 's');
  for (const x of [352, 378, 404])
    s += `<ellipse cx="${x}" cy="${r1(483 - (x - 300) * 0.2)}" rx="4" ry="5" class="d"/>`;
  s += `<rect x="236" y="454" width="18" height="56" rx="2" class="e"/>`;
  s += `<rect x="262" y="446" width="72" height="70" rx="10" class="bf"/>`;
  s += `<path d="M266,481 H330" class="bp"/>`;
  s += p('M140,440 Q200,470 250,478', 'h');
  void c;
  return s;
}

function wallet(c: Ctx, back: boolean): string {
  if (back) {
    let s = `<rect x="96" y="268" width="408" height="222" rx="12" class="g"/>`;
    s += `<rect x="104" y="276" width="392" height="206" rx="8" class="s"/>`;
    s += p('M300,268 V490', 'l') + `<rect x="292" y="268" width="16" height="222" class="fd"/>`;
    const cards = ['#d9a84e', '#6b8fb3', '#c9ccd0'];
    cards.forEach((col, i) => {
      const y = 292 + i * 34;
      s += `<rect x="${326 + i * 4}" y="${y}" width="150" height="60" rx="6" fill="${col}" stroke="#00000033"/>`;
      s += p(`M316,${y + 16} H490 V476 H316 Z`, 'g') + p(`M322,${y + 22} H484`, 's');
    });
    s += p('M112,330 Q200,350 288,330 L288,476 L112,476 Z', 'e') + p('M118,338 Q200,358 282,338', 's');
    return s;
  }
  let s = '<g transform="rotate(-5 300 380)">';
  s += `<rect x="150" y="266" width="300" height="226" rx="14" class="e"/>`;
  s += `<rect x="150" y="258" width="300" height="226" rx="14" class="g"/>`;
  s += `<rect x="160" y="268" width="280" height="206" rx="9" class="s"/>`;
  s += `<rect x="150" y="258" width="24" height="226" rx="12" class="fd"/>`;
  s += `<rect x="388" y="424" width="34" height="34" rx="5" class="eb"/>`;
  s += p('M190,290 Q260,300 300,380', 'h');
  s += '</g>';
  void c;
  return s;
}

function sunglasses(c: Ctx, back: boolean): string {
  const lens = 'M318,322 L474,314 Q486,314 484,330 L470,398 Q462,438 420,440 L362,440 Q326,438 322,402 Z';
  let s = '';
  if (!back) s += pair('M480,318 L512,306 L512,322 L482,334 Z', 'fr');
  s += pair(lens, 'ln');
  if (back)
    s += p('M476,326 Q300,346 150,350 Q128,352 122,368', 'tp') + p('M124,340 Q300,364 450,366 Q472,368 478,384', 'tp');
  s += p('M282,334 Q300,316 318,334', 'br');
  if (!back) {
    s += pair('M350,332 L380,332 L346,430 L330,430 Z', 'gl');
    s += `<circle cx="476" cy="324" r="3.5" class="m"/><circle cx="124" cy="324" r="3.5" class="m"/>`;
  } else {
    s += pair('M318,360 Q312,376 304,380', 'br');
  }
  void c;
  return s;
}

function watch(c: Ctx, back: boolean): string {
  const strap = c.metallic ? 'm' : 'g';
  let s = p('M250,96 L350,96 L346,272 L254,272 Z', strap) + p('M254,480 L346,480 L350,668 Q300,680 250,668 Z', strap);
  if (c.metallic) {
    s += p(
      'M252,130 H348 M252,164 H348 M253,198 H347 M253,232 H347 M254,514 H346 M254,548 H346 M255,582 H345 M255,616 H345 M256,650 H344',
      'ml',
    );
  } else {
    s += p('M258,100 L256,268 M342,100 L344,268 M258,484 L256,664 M342,484 L344,664', 's');
    for (const y of [560, 592, 624]) s += `<circle cx="300" cy="${y}" r="5" class="d"/>`;
  }
  s += `<rect x="234" y="80" width="132" height="34" rx="9" class="bf"/><path d="M300,80 V116" class="bp"/>`;
  s += pair('M244,270 L268,282 L266,300 L236,292 Z', 'm') + pair('M244,480 L268,468 L266,450 L236,458 Z', 'm');
  s += `<rect x="412" y="360" width="22" height="30" rx="4" class="m"/>`;
  s += `<circle cx="300" cy="375" r="118" class="m"/>`;
  if (back) {
    s += `<circle cx="300" cy="375" r="100" class="mb"/><circle cx="300" cy="375" r="74" class="ml"/><circle cx="300" cy="375" r="54" class="ml"/>`;
    for (const [x, y] of [
      [232, 307],
      [368, 307],
      [232, 443],
      [368, 443],
    ])
      s += `<circle cx="${x}" cy="${y}" r="6" class="m"/>`;
    return s;
  }
  s += `<circle cx="300" cy="375" r="102" class="bz"/><circle cx="300" cy="375" r="94" class="dl"/>`;
  let ticks = '';
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    const inner = i % 3 === 0 ? 66 : 74;
    ticks += `M${r1(300 + Math.sin(a) * inner)},${r1(375 - Math.cos(a) * inner)} L${r1(300 + Math.sin(a) * 86)},${r1(375 - Math.cos(a) * 86)} `;
  }
  s += `<path d="${ticks.trim()}" class="tk"/>`;
  s += `<path d="M300,375 L250,346" class="hd"/><path d="M300,375 L366,336" class="hd" stroke-width="5"/>`;
  s += `<path d="M300,395 L300,300" class="sc"/><circle cx="300" cy="375" r="7" class="m"/>`;
  s += p('M222,330 Q250,290 300,282', 'gw');
  return s;
}

// ---------------------------------------------------------------------------------------
// Jewellery

function sparkle(x: number, y: number, s: number): string {
  return `<use href="#sp" transform="translate(${x} ${y}) scale(${s})"/>`;
}

function necklace(c: Ctx, back: boolean): string {
  let s = '';
  if (back) {
    const chain = 'M300,134 C140,140 150,330 260,450 Q300,480 340,450 C450,330 460,140 300,134';
    s += `<path d="${chain}" class="ch"/><path d="${chain}" class="cx"/>`;
    s += `<rect x="286" y="124" width="30" height="18" rx="9" class="m"/><circle cx="280" cy="133" r="6" class="cr"/>`;
    s += `<circle cx="300" cy="476" r="9" class="cr"/>`;
    s += p('M300,488 C330,518 344,558 300,598 C256,558 270,518 300,488 Z', 'm');
    s += p('M300,506 C318,528 326,556 300,584', 'ml');
    return s;
  }
  const chain = 'M150,110 C150,330 250,456 292,466 M308,466 C350,456 450,330 450,110';
  s += `<path d="${chain}" class="ch"/><path d="${chain}" class="cx"/>`;
  s += '<g transform="matrix(1.5 0 0 1.5 -150 -237)">';
  s += `<circle cx="300" cy="476" r="9" class="cr"/>`;
  s += p('M300,488 C330,518 344,558 300,598 C256,558 270,518 300,488 Z', 'gm');
  s += p('M300,500 L300,586 M276,540 L324,540 M300,500 L276,540 L300,586 L324,540 Z', 'fc');
  s += sparkle(286, 522, 1) + '</g>' + sparkle(170, 220, 0.6) + sparkle(420, 300, 0.5);
  return s;
}

function ring(c: Ctx, back: boolean): string {
  void c;
  return `<g transform="matrix(1.2 0 0 1.2 -60 -86)">${ringAt1(back)}</g>`;
}

function ringAt1(back: boolean): string {
  let s = `<ellipse cx="300" cy="450" rx="118" ry="104" class="rb0"/><ellipse cx="300" cy="450" rx="118" ry="104" class="rbd"/>`;
  s += `<ellipse cx="300" cy="450" rx="131" ry="117" class="ml"/><ellipse cx="300" cy="450" rx="105" ry="91" class="ml"/>`;
  s += p('M208,400 Q230,360 270,346', 'gw');
  if (back) {
    s += p('M262,344 L338,344 L326,372 L274,372 Z', 'm') + `<circle cx="300" cy="358" r="7" class="d"/>`;
    s += `<rect x="286" y="546" width="28" height="10" rx="2" class="ml"/>`;
    return s;
  }
  s += p('M276,368 L300,392 L324,368', 'pr');
  s += p('M238,326 L362,326 L300,396 Z', 'gm');
  s += p('M262,296 L338,296 L362,326 L238,326 Z', 'gt');
  s += p('M262,296 L280,326 L300,296 L320,326 L338,296 M280,326 L300,396 L320,326', 'fc');
  s += pair('M244,316 L252,334 L260,326 Z', 'm');
  s += sparkle(270, 304, 1.1) + sparkle(354, 340, 0.6);
  return s;
}

function bracelet(c: Ctx, back: boolean): string {
  const n = back ? 22 : 18;
  const ry = back ? 62 : 96;
  const beads: { x: number; y: number; r: number; metal: boolean }[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i * 2 * Math.PI) / n + Math.PI / 2;
    const depth = Math.sin(a);
    beads.push({ x: 300 + Math.cos(a) * 190, y: 420 + depth * ry, r: 26 + 6 * depth, metal: i % 3 === 1 });
  }
  beads.sort((a, b) => a.y - b.y || a.x - b.x);
  let s = `<ellipse cx="300" cy="420" rx="190" ry="${ry}" class="ml"/>`;
  for (const b of beads) {
    s += b.metal
      ? `<ellipse cx="${r1(b.x)}" cy="${r1(b.y)}" rx="${r1(b.r * 0.55)}" ry="${r1(b.r * 0.8)}" class="m"/>`
      : `<circle cx="${r1(b.x)}" cy="${r1(b.y)}" r="${r1(b.r)}" class="bd"/>`;
  }
  if (!back) {
    s += `<circle cx="300" cy="552" r="5" class="cr"/><circle cx="300" cy="586" r="26" class="m"/><circle cx="300" cy="586" r="16" class="ml"/>`;
  } else {
    s += `<rect x="282" y="470" width="36" height="24" rx="8" class="m"/>`;
  }
  s += sparkle(226, 500, 0.7) + sparkle(396, 380, 0.5);
  return s;
}

function earrings(c: Ctx, back: boolean): string {
  let e = '';
  if (back) {
    e += `<path d="M220,250 V200 C220,170 254,170 256,200 V236" class="wr"/><rect x="249" y="232" width="14" height="16" rx="4" class="sk"/>`;
    e += `<circle cx="220" cy="256" r="8" class="m"/>`;
    e += p('M220,272 C250,300 262,338 220,380 C178,338 190,300 220,272 Z', 'm');
    e += p('M220,290 C236,310 242,336 220,362', 'ml');
  } else {
    e += `<path d="M220,250 V210 C220,180 256,180 256,210 C256,228 250,240 244,250" class="wr"/>`;
    e += `<circle cx="220" cy="256" r="8" class="m"/>`;
    e += p('M220,272 C250,300 262,338 220,380 C178,338 190,300 220,272 Z', 'gm');
    e += p('M220,284 L220,368 M200,326 L240,326 M220,284 L200,326 L220,368 L240,326 Z', 'fc');
    e += sparkle(208, 304, 0.8);
  }
  void c;
  return `<g transform="matrix(1.5 0 0 1.5 -150 -145)"><g id="er">${e}</g><use href="#er" x="160"/></g>`;
}

// ---------------------------------------------------------------------------------------
// Catalogue of kinds

type TextureName =
  | 'jersey'
  | 'pique'
  | 'oxford'
  | 'fleece'
  | 'nylon'
  | 'twill'
  | 'denim'
  | 'canvas'
  | 'knit'
  | 'leather'
  | 'crepe'
  | 'none';

const kinds: Record<ArtKind, KindDef> = {
  't-shirt': { draw: tee, box: [95, 140, 505, 636], zoom: [300, 235, 2.6], texture: 'jersey', scene: 'hanger' },
  polo: { draw: polo, box: [104, 114, 496, 636], zoom: [300, 225, 2.4], texture: 'pique', scene: 'hanger' },
  shirt: { draw: shirt, box: [94, 114, 506, 650], zoom: [318, 262, 2.2], texture: 'oxford', scene: 'hanger' },
  hoodie: { draw: hoodie, box: [98, 44, 502, 628], zoom: [300, 240, 2.2], texture: 'fleece', scene: 'hanger' },
  jacket: { draw: jacket, box: [98, 116, 502, 630], zoom: [290, 260, 2.2], texture: 'nylon', scene: 'hanger' },
  kurta: { draw: kurta, box: [120, 94, 480, 710], zoom: [300, 215, 2.4], texture: 'oxford', scene: 'hanger' },
  trousers: { draw: trousers, box: [190, 114, 410, 690], zoom: [290, 215, 2.4], texture: 'twill', scene: 'clip' },
  jeans: { draw: jeans, box: [190, 114, 410, 690], zoom: [250, 230, 2.4], texture: 'denim', scene: 'clip' },
  shorts: { draw: shorts, box: [180, 194, 420, 520], zoom: [300, 290, 2.4], texture: 'twill', scene: 'clip' },
  cap: { draw: cap, box: [106, 278, 598, 530], zoom: [300, 340, 2], texture: 'twill', scene: 'table' },
  'bucket-hat': { draw: bucketHat, box: [104, 262, 496, 540], zoom: [300, 440, 2], texture: 'canvas', scene: 'table' },
  beanie: { draw: beanie, box: [168, 170, 432, 544], zoom: [330, 440, 2], texture: 'knit', scene: 'table' },
  belt: { draw: belt, box: [100, 300, 500, 516], zoom: [330, 470, 2.4], texture: 'leather', scene: 'table' },
  wallet: { draw: wallet, box: [140, 240, 460, 510], zoom: [392, 430, 2.6], texture: 'leather', scene: 'table' },
  sunglasses: { draw: sunglasses, box: [88, 300, 512, 440], zoom: [430, 360, 2.2], texture: 'none', scene: 'table' },
  watch: { draw: watch, box: [234, 80, 434, 680], zoom: [300, 375, 1.9], texture: 'none', scene: 'plinth' },
  dress: { draw: dress, box: [124, 110, 476, 690], zoom: [300, 330, 2.2], texture: 'crepe', scene: 'hanger' },
  top: { draw: top, box: [122, 132, 484, 592], zoom: [300, 230, 2.4], texture: 'crepe', scene: 'hanger' },
  necklace: { draw: necklace, box: [146, 106, 454, 663], zoom: [300, 530, 2.4], texture: 'none', scene: 'bust' },
  ring: { draw: ring, box: [142, 270, 458, 596], zoom: [300, 330, 2], texture: 'none', scene: 'plinth' },
  bracelet: { draw: bracelet, box: [84, 300, 516, 614], zoom: [300, 480, 2], texture: 'none', scene: 'plinth' },
  earrings: { draw: earrings, box: [114, 125, 486, 425], zoom: [180, 320, 1.7], texture: 'none', scene: 'plinth' },
};

/** Where a garment hangs from in the styled view (neck or waistband), in front-view y. */
const hangY: Partial<Record<ArtKind, number>> = {
  't-shirt': 140,
  polo: 136,
  shirt: 136,
  hoodie: 150,
  jacket: 136,
  kurta: 110,
  dress: 110,
  top: 134,
  trousers: 118,
  jeans: 118,
  shorts: 194,
};

// ---------------------------------------------------------------------------------------
// Textures for close-ups: a tile of faint dark and light marks laid over the fabric.

const D = 'fill="none" stroke="#000" stroke-opacity=".16"';
const L = 'fill="none" stroke="#fff" stroke-opacity=".16"';

const textures: Record<Exclude<TextureName, 'none'>, [number, number, string]> = {
  jersey: [10, 8, `<path d="M0,0 L5,7 L10,0" ${D} stroke-width="1.4"/><path d="M0,2 L5,9 L10,2" ${L}/>`],
  pique: [8, 8, `<circle cx="4" cy="4" r="2" ${D} stroke-width="1.2"/><circle cx="0" cy="0" r="1.4" ${L}/>`],
  oxford: [
    8,
    8,
    `<path d="M0,2 H4 M4,6 H8" ${L} stroke-width="2.4"/><path d="M2,4 V8 M6,0 V4" ${D} stroke-width="2"/>`,
  ],
  fleece: [9, 9, `<circle cx="2.5" cy="2.5" r="1.8" ${D}/><circle cx="7" cy="6.5" r="1.6" ${L}/>`],
  nylon: [12, 12, `<path d="M0,0.5 H12 M0.5,0 V12" ${D} stroke-width="1"/><path d="M0,6 H12" ${L}/>`],
  twill: [7, 7, `<path d="M-1,8 L8,-1 M-1,1 L1,-1 M6,8 L8,6" ${D} stroke-width="1.6"/><path d="M2,8 L8,2" ${L}/>`],
  denim: [6, 6, `<path d="M-1,7 L7,-1" ${D} stroke-width="2"/><path d="M2,7 L7,2 M-1,4 L4,-1" ${L} stroke-width="1"/>`],
  canvas: [
    8,
    8,
    `<path d="M0,2 H8 M0,6 H8" ${L} stroke-width="1.6"/><path d="M2,0 V8 M6,0 V8" ${D} stroke-width="1.6"/>`,
  ],
  knit: [
    12,
    10,
    `<path d="M0,0 L6,8 L12,0" ${D} stroke-width="2.4"/><path d="M0,3 L6,11 L12,3" ${L} stroke-width="1.4"/>`,
  ],
  leather: [
    18,
    18,
    `<circle cx="4" cy="4" r="2.6" ${D}/><circle cx="12" cy="3" r="2" ${L}/><circle cx="9" cy="11" r="3" ${D}/><circle cx="16" cy="13" r="1.8" ${L}/><circle cx="3" cy="14" r="1.6" ${D}/>`,
  ],
  crepe: [
    6,
    6,
    `<path d="M0,1 L2,2 M3,4 L5,3 M1,5 L2,6" ${D} stroke-width="1.2"/><path d="M4,1 L5,2 M0,3 L1,4" ${L}/>`,
  ],
};

// ---------------------------------------------------------------------------------------
// The document

/** The CSS rules for the classes that `markup` uses, and no others. */
function styleFor(c: Ctx, markup: string): string {
  const { p: pal, m } = c;
  const gem = paletteOf(c.metallic ? '#eef3fa' : pal.c);
  const dc = pal.dark ? '#ece7de' : pal.light ? '#cfc8bb' : mix(pal.c, '#ffffff', 0.55);
  return [
    `.g{fill:url(#g);stroke:${pal.line};stroke-width:2;stroke-linejoin:round}`,
    `.d{fill:${pal.deep};stroke:${pal.line};stroke-width:2;stroke-linejoin:round}`,
    `.e{fill:${pal.lo};stroke:${pal.line};stroke-width:2;stroke-linejoin:round}`,
    `.rb{fill:url(#rp);stroke:${pal.line};stroke-width:2}`,
    `.kn{fill:url(#kp)}`,
    `.l{fill:none;stroke:${pal.line};stroke-width:2;stroke-linecap:round}`,
    `.s{fill:none;stroke:${pal.stitch};stroke-width:1.6;stroke-dasharray:5 4;stroke-linecap:round}`,
    `.t{fill:none;stroke:#d39a3c;stroke-width:1.8;stroke-dasharray:6 3}`,
    `.f{fill:none;stroke:#000;stroke-opacity:${pal.light ? 0.14 : 0.22};stroke-width:12;stroke-linecap:round;filter:url(#bl)}`,
    `.h{fill:none;stroke:#fff;stroke-opacity:${pal.dark ? 0.16 : 0.28};stroke-width:14;stroke-linecap:round;filter:url(#bl)}`,
    `.hf{fill:none;stroke:#fff;stroke-opacity:.3;stroke-width:40;stroke-linecap:round;filter:url(#bl)}`,
    `.wh{fill:none;stroke:#fff;stroke-opacity:.3;stroke-width:5;stroke-linecap:round;filter:url(#bl)}`,
    `.cr{fill:none;stroke:${pal.hi};stroke-opacity:.8;stroke-width:2}`,
    `.rc{fill:none;stroke:${pal.c};stroke-width:14}`,
    `.rr{fill:none;stroke:${pal.lo};stroke-width:14;stroke-dasharray:1.6 3}`,
    `.hr{fill:none;stroke:${pal.lo};stroke-width:12;stroke-linecap:round}`,
    `.nb{fill:none;stroke:${pal.lo};stroke-width:6;stroke-linejoin:round}`,
    `.lb{fill:#fbfaf6;stroke:${pal.line};stroke-width:1.5}`,
    `.em{fill:none;stroke:${pal.dark || !pal.light ? '#d8b45a' : '#9c7a3c'};stroke-width:4;stroke-dasharray:0.1 8;stroke-linecap:round}`,
    `.dc{fill:none;stroke:${dc};stroke-width:5;stroke-linecap:round}`,
    `.m{fill:url(#m);stroke:${m.line};stroke-width:1.5}`,
    `.ml{fill:none;stroke:${m.line};stroke-width:1.5;stroke-opacity:.7}`,
    `.mb{fill:${m.c};stroke:${m.line};stroke-width:1.5}`,
    `.bf{fill:none;stroke:url(#m);stroke-width:9}`,
    `.bp{fill:none;stroke:${m.lo};stroke-width:5;stroke-linecap:round}`,
    `.bk{fill:url(#m);stroke:${m.line}}`,
    `.bs{fill:none;stroke:${pal.lo};stroke-width:2}`,
    `.zp{stroke:${pal.lo};stroke-width:14}`,
    `.zt{fill:none;stroke:${SILVER.lo};stroke-width:6;stroke-dasharray:2 2}`,
    `.rv{fill:#c27a3a;stroke:#7d4a1c}`,
    `.pt{fill:#8a5a36;stroke:#5b3a22;stroke-width:1.5}`,
    `.ey{fill:${pal.deep};stroke:url(#m);stroke-width:3}`,
    `.pp{fill:url(#pr)}`,
    `.pf{fill:none;stroke:${pal.c};stroke-width:10;stroke-dasharray:2 3}`,
    `.fd{fill:#000;fill-opacity:.12}`,
    `.eb{fill:none;stroke:${pal.lo};stroke-width:2.5}`,
    `.fr{fill:url(#g);stroke:${pal.line};stroke-width:2}`,
    `.ln{fill:url(#ln);stroke:url(#g);stroke-width:14;stroke-linejoin:round}`,
    `.br{fill:none;stroke:url(#g);stroke-width:12;stroke-linecap:round}`,
    `.tp{fill:none;stroke:${pal.lo};stroke-width:10;stroke-linecap:round}`,
    `.gl{fill:#fff;fill-opacity:.16}`,
    `.bz{fill:${m.lo};stroke:${m.line}}`,
    `.dl{fill:url(#dl)}`,
    `.tk{fill:none;stroke:${gemDialInk(pal, c)};stroke-width:4;stroke-linecap:round}`,
    `.hd{fill:none;stroke:${gemDialInk(pal, c)};stroke-width:7;stroke-linecap:round}`,
    `.sc{fill:none;stroke:#c0392b;stroke-width:2;stroke-linecap:round}`,
    `.gw{fill:none;stroke:#fff;stroke-opacity:.45;stroke-width:8;stroke-linecap:round}`,
    `.ch{fill:none;stroke:${m.lo};stroke-width:8;stroke-dasharray:11 3}`,
    `.cx{fill:none;stroke:${m.hi};stroke-width:3;stroke-dasharray:11 3}`,
    `.gm{fill:url(#gm);stroke:${m.c};stroke-width:6;stroke-linejoin:round}`,
    `.gt{fill:${gem.hi};stroke:${m.c};stroke-width:3;stroke-linejoin:round}`,
    `.fc{fill:none;stroke:#fff;stroke-opacity:.5;stroke-width:1.2}`,
    `.pr{fill:none;stroke:url(#m);stroke-width:8;stroke-linejoin:round}`,
    `.rb0{fill:none;stroke:${m.line};stroke-width:28}`,
    `.rbd{fill:none;stroke:url(#m);stroke-width:25}`,
    `.bd{fill:url(#gm);stroke:${gem.line};stroke-width:1}`,
    `.wr{fill:none;stroke:url(#m);stroke-width:4;stroke-linecap:round}`,
    `.sk{fill:#e9e4da;stroke:#b5ad9f}`,
  ]
    .filter((rule) => {
      const name = rule.slice(1, rule.indexOf('{'));
      return markup.includes(`class="${name}"`);
    })
    .join('');
}

function gemDialInk(pal: Palette, c: Ctx): string {
  return dialColor(pal, c).dark ? '#f1ede4' : '#2b2b2e';
}

function dialColor(pal: Palette, c: Ctx): Palette {
  return c.metallic || pal.light ? paletteOf('#f4f1e8') : pal;
}

/** The gradients, filters, patterns and symbols that `used` (style and body) refers to. */
function defsFor(c: Ctx, used: string): string {
  const { p: pal, m } = c;
  const gem = paletteOf(c.metallic ? '#eef3fa' : pal.c);
  const dial = dialColor(pal, c);
  const stop = (o: number | string, col: string, op = '') => `<stop offset="${o}" stop-color="${col}"${op}/>`;
  const defs: [string, () => string][] = [
    [
      'g',
      () =>
        `<linearGradient id="g">${stop(0, pal.lo)}${stop(0.3, pal.c)}${stop(0.55, pal.hi)}${stop(0.8, pal.c)}${stop(1, pal.lo)}</linearGradient>`,
    ],
    [
      'm',
      () =>
        `<linearGradient id="m" x2="1" y2="1">${stop(0, m.hi)}${stop(0.35, m.c)}${stop(0.6, m.lo)}${stop(0.85, m.hi)}${stop(1, m.c)}</linearGradient>`,
    ],
    [
      'bl',
      () => `<filter id="bl" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>`,
    ],
    [
      'ds',
      () =>
        `<filter id="ds" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="9"/><feOffset dy="8"/><feComponentTransfer><feFuncA type="linear" slope=".25"/></feComponentTransfer><feComposite in="SourceGraphic" operator="over"/></filter>`,
    ],
    [
      'sh',
      () =>
        `<radialGradient id="sh">${stop(0, '#3b2f24', ' stop-opacity=".3"')}${stop(1, '#3b2f24', ' stop-opacity="0"')}</radialGradient>`,
    ],
    [
      'bt',
      () =>
        `<symbol id="bt" overflow="visible"><circle r="7" fill="${pal.button}" stroke="${pal.buttonLine}" stroke-width="1.5"/><path d="M-2.2,-2.2h.1M2.2,-2.2h.1M-2.2,2.2h.1M2.2,2.2h.1" stroke="${pal.buttonLine}" stroke-width="2.2" stroke-linecap="round"/></symbol>`,
    ],
    [
      'rp',
      () =>
        `<pattern id="rp" width="6" height="8" patternUnits="userSpaceOnUse"><rect width="2.2" height="8" fill="#000" fill-opacity=".16"/><rect x="3.4" width="1.4" height="8" fill="#fff" fill-opacity=".12"/></pattern>`,
    ],
    [
      'kp',
      () =>
        `<pattern id="kp" width="14" height="12" patternUnits="userSpaceOnUse"><path d="M0,0 L7,10 L14,0" ${D} stroke-width="2.4"/><path d="M0,3 L7,13 L14,3" ${L} stroke-width="1.6"/></pattern>`,
    ],
    [
      'pr',
      () =>
        `<radialGradient id="pr" cx=".4" cy=".35">${stop(0, pal.hi)}${stop(0.7, pal.c)}${stop(1, pal.lo)}</radialGradient>`,
    ],
    [
      'ln',
      () =>
        `<linearGradient id="ln" x2="0" y2="1">${stop(0, mix('#4a505c', pal.c, 0.2))}${stop(1, mix('#15171c', pal.c, 0.1))}</linearGradient>`,
    ],
    [
      'dl',
      () =>
        `<radialGradient id="dl" cx=".4" cy=".35">${stop(0, dial.hi)}${stop(0.75, dial.c)}${stop(1, dial.lo)}</radialGradient>`,
    ],
    [
      'gm',
      () =>
        `<radialGradient id="gm" cx=".38" cy=".32">${stop(0, '#ffffff')}${stop(0.25, gem.hi)}${stop(0.7, gem.c)}${stop(1, gem.lo)}</radialGradient>`,
    ],
    [
      'sp',
      () =>
        `<symbol id="sp" overflow="visible"><path d="M0,-16 L3,-3 L16,0 L3,3 L0,16 L-3,3 L-16,0 L-3,-3 Z" fill="#fff"/></symbol>`,
    ],
  ];
  return defs
    .filter(([id]) => used.includes(`url(#${id})`) || used.includes(`"#${id}"`))
    .map(([, make]) => make())
    .join('');
}

const BG_TOP = '#f4f1ec';
const BG_BOTTOM = '#e6e0d6';

function background(): string {
  return `<linearGradient id="bg" x2="0" y2="1"><stop offset="0" stop-color="${BG_TOP}"/><stop offset="1" stop-color="${BG_BOTTOM}"/></linearGradient>`;
}

function floorShadow(box: KindDef['box'], y: number, spread = 1): string {
  const rx = Math.round(((box[2] - box[0]) / 2) * 0.9 * spread);
  return `<ellipse cx="300" cy="${y}" rx="${rx}" ry="${Math.max(14, Math.round(rx / 9))}" fill="url(#sh)"/>`;
}

function flatView(def: KindDef, c: Ctx, back: boolean): { defs: string; body: string } {
  const shadowY = Math.min(720, def.box[3] + 22);
  return {
    defs: background(),
    body: `<rect width="600" height="750" fill="url(#bg)"/>${floorShadow(def.box, shadowY)}<g filter="url(#ds)">${def.draw(c, back)}</g>`,
  };
}

function detailView(def: KindDef, c: Ctx): { defs: string; body: string } {
  const [cx, cy, s] = def.zoom;
  const matrix = `matrix(${s} 0 0 ${s} ${r1(300 - s * cx)} ${r1(375 - s * cy)})`;
  let defs = background();
  defs += `<radialGradient id="vg" r=".75">${'<stop offset=".55" stop-color="#000" stop-opacity="0"/>'}<stop offset="1" stop-color="#000" stop-opacity=".28"/></radialGradient>`;
  let body = `<rect width="600" height="750" fill="url(#bg)"/><g id="z" transform="${matrix}">${def.draw(c, false)}</g>`;
  if (def.texture !== 'none') {
    const [w, h, tile] = textures[def.texture];
    defs += `<pattern id="t" width="${w}" height="${h}" patternUnits="userSpaceOnUse">${tile}</pattern>`;
    defs += `<filter id="wt" filterUnits="userSpaceOnUse" x="0" y="0" width="600" height="750"><feColorMatrix values="0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 1 0"/></filter>`;
    defs += `<mask id="k" maskUnits="userSpaceOnUse" x="0" y="0" width="600" height="750"><use href="#z" filter="url(#wt)"/></mask>`;
    body += `<rect width="600" height="750" fill="url(#t)" mask="url(#k)"/>`;
  } else {
    body += sparkleField();
  }
  body += `<rect width="600" height="750" fill="url(#vg)"/>`;
  return { defs, body };
}

/** Metal and glass close-ups get a few glints instead of a weave. */
function sparkleField(): string {
  return `<g fill="#fff" opacity=".85"><path d="M150,170 l4,16 16,4 -16,4 -4,16 -4,-16 -16,-4 16,-4 Z"/><path d="M470,560 l3,12 12,3 -12,3 -3,12 -3,-12 -12,-3 12,-3 Z"/></g>`;
}

function styledView(kind: ArtKind, def: KindDef, c: Ctx): { defs: string; body: string } {
  const stop = (o: number, col: string) => `<stop offset="${o}" stop-color="${col}"/>`;
  let defs = `<linearGradient id="wl" x2="0" y2="1">${stop(0, '#efe7db')}${stop(1, '#e0d4c2')}</linearGradient>`;
  defs += `<linearGradient id="tb" x2="0" y2="1">${stop(0, '#d3bd9c')}${stop(1, '#b89c78')}</linearGradient>`;
  defs += `<filter id="sf" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="30"/></filter>`;
  let body = `<rect width="600" height="750" fill="url(#wl)"/>`;
  body += `<path d="M330,0 H520 L600,120 V700 Z" fill="#fff" opacity=".35" filter="url(#sf)"/>`;
  const [x0, y0, x1, y1] = def.box;
  const w = x1 - x0;
  const h = y1 - y0;
  let item = def.draw(c, false);
  let transform = '';
  if (def.scene === 'hanger' || def.scene === 'clip') {
    body += `<rect y="620" width="600" height="130" fill="url(#tb)"/><rect y="618" width="600" height="4" fill="#c9b08e"/>`;
    body += `<rect y="52" width="600" height="12" fill="#a47c55"/><rect y="52" width="600" height="3" fill="#c49b70"/>`;
    const anchorY = hangY[kind] ?? y0;
    const scale = round2(Math.min(def.scene === 'hanger' ? 0.9 : 0.8, 500 / (y1 - anchorY)));
    const top = def.scene === 'hanger' ? 112 : 142;
    body += `<path d="M300,${top} V88 Q300,72 312,66 Q322,58 312,50 Q300,44 292,54" fill="none" stroke="#9aa0a8" stroke-width="4" stroke-linecap="round"/>`;
    if (def.scene === 'hanger') {
      body += `<path d="M300,104 L160,152 Q150,160 162,162 H438 Q450,160 440,152 Z" fill="#b0875e" stroke="#7c5a3a" stroke-width="2"/>`;
    } else {
      body += `<path d="M180,${top - 8} H420" stroke="#9aa0a8" stroke-width="6" stroke-linecap="round"/><path d="M300,${top - 8} V88" stroke="#9aa0a8" stroke-width="4"/>`;
      item += `<rect x="214" y="${anchorY - 14}" width="22" height="30" rx="3" fill="#8a9098"/><rect x="364" y="${anchorY - 14}" width="22" height="30" rx="3" fill="#8a9098"/>`;
    }
    transform = `translate(300 ${top}) scale(${scale}) translate(-300 -${anchorY})`;
    body += `<ellipse cx="300" cy="690" rx="160" ry="16" fill="url(#sh)"/>`;
  } else if (def.scene === 'table') {
    body += `<rect y="560" width="600" height="190" fill="url(#tb)"/><rect y="558" width="600" height="4" fill="#e4d3b8"/>`;
    body += `<rect x="404" y="506" width="150" height="26" rx="3" fill="#8da29a"/><rect x="396" y="532" width="170" height="30" rx="3" fill="#c4a27a"/><rect x="412" y="510" width="134" height="3" fill="#fff" opacity=".4"/>`;
    const scale = Math.min(0.9, 400 / w, 360 / h);
    transform = `translate(270 650) scale(${round2(scale)}) translate(-${(x0 + x1) / 2} -${y1})`;
    body += `<ellipse cx="270" cy="652" rx="${Math.round((w * scale) / 2)}" ry="18" fill="url(#sh)"/>`;
  } else if (def.scene === 'bust') {
    body += `<rect y="640" width="600" height="110" fill="url(#tb)"/>`;
    body += `<linearGradient id="bu" x2="1"><stop offset="0" stop-color="#cfc4b4"/><stop offset=".45" stop-color="#ece5da"/><stop offset="1" stop-color="#c7bba9"/></linearGradient>`;
    body += `<path d="M236,60 H364 V170 Q364,214 440,236 Q520,262 530,330 L540,660 H60 L70,330 Q80,262 160,236 Q236,214 236,170 Z" fill="url(#bu)" stroke="#b8ab98" stroke-width="2"/>`;
    body += `<ellipse cx="300" cy="60" rx="64" ry="14" fill="#e9e2d7" stroke="#b8ab98" stroke-width="2"/>`;
    transform = 'translate(300 170) scale(.82) translate(-300 -110)';
  } else {
    body += `<rect y="600" width="600" height="150" fill="url(#tb)"/>`;
    body += `<ellipse cx="300" cy="690" rx="170" ry="26" fill="url(#sh)"/>`;
    body += `<path d="M170,520 V680 A130,24 0 0 0 430,680 V520 Z" fill="#e3dcd1" stroke="#c7bdae" stroke-width="2"/>`;
    body += `<ellipse cx="300" cy="520" rx="130" ry="24" fill="#f2ede5" stroke="#c7bdae" stroke-width="2"/>`;
    const scale = Math.min(0.8, 300 / w, 400 / h);
    transform = `translate(300 526) scale(${round2(scale)}) translate(-${(x0 + x1) / 2} -${y1})`;
  }
  body += `<g filter="url(#ds)" transform="${transform}">${item}</g>`;
  return { defs, body };
}

function contextFor(color: string): Ctx {
  const swatch = colorSwatches[color];
  if (swatch === undefined) throw new RangeError(`Unknown colour: ${color}`);
  const metallic = metalColors.has(color);
  return {
    p: paletteOf(swatch),
    m: color === 'silver' ? SILVER : goldish.has(color) ? GOLD : SILVER,
    metallic,
  };
}

function isArtKind(value: string): value is ArtKind {
  return (artKinds as readonly string[]).includes(value);
}

function isArtView(value: string): value is ArtView {
  return (artViews as readonly string[]).includes(value);
}

/**
 * The picture of one product as a standalone SVG document (600 × 750, 4:5 portrait).
 * Throws a RangeError for an unknown kind, colour or view.
 */
export function renderProductArt(kind: ArtKind, color: string, view: ArtView): string {
  if (!isArtKind(kind)) throw new RangeError(`Unknown art kind: ${String(kind)}`);
  if (!isArtView(view)) throw new RangeError(`Unknown art view: ${String(view)}`);
  if (!Object.hasOwn(colorSwatches, color)) throw new RangeError(`Unknown colour: ${color}`);
  const c = contextFor(color);
  const def = kinds[kind];
  const scene =
    view === 'detail'
      ? detailView(def, c)
      : view === 'styled'
        ? styledView(kind, def, c)
        : flatView(def, c, view === 'back');
  const style = styleFor(c, scene.body);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}" width="${ART_WIDTH}" height="${ART_HEIGHT}">` +
    `<style>${style}</style><defs>${defsFor(c, style + scene.defs + scene.body)}${scene.defs}</defs>${scene.body}</svg>`
  );
}

// ---------------------------------------------------------------------------------------
// File names: "t-shirt--sky-blue--front.svg"

const colorSlug = (color: string): string => color.replaceAll(' ', '-');

/** The file name of one picture, e.g. `t-shirt--sky-blue--front.svg`. */
export function artFileName(kind: ArtKind, color: string, view: ArtView): string {
  if (!isArtKind(kind)) throw new RangeError(`Unknown art kind: ${String(kind)}`);
  if (!isArtView(view)) throw new RangeError(`Unknown art view: ${String(view)}`);
  if (!Object.hasOwn(colorSwatches, color)) throw new RangeError(`Unknown colour: ${color}`);
  return `${kind}--${colorSlug(color)}--${view}.svg`;
}

/** Reads a file name made by `artFileName`; anything else (paths included) gives null. */
export function parseArtFileName(file: string): { kind: ArtKind; color: string; view: ArtView } | null {
  const match = /^([a-z]+(?:-[a-z]+)*)--([a-z]+(?:-[a-z]+)*)--([a-z]+)\.svg$/.exec(file);
  if (!match) return null;
  const [, kind = '', slug = '', view = ''] = match;
  if (!isArtKind(kind) || !isArtView(view)) return null;
  const color = Object.keys(colorSwatches).find((name) => colorSlug(name) === slug);
  if (color === undefined) return null;
  return { kind, color, view };
}
