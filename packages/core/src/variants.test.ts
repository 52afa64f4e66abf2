import { describe, expect, it } from 'vitest';
import {
  cartColor,
  colorGallery,
  generatedSku,
  heldVariantsMessage,
  initialColor,
  orderLineDescription,
  reconcileVariants,
  sizeTotalsToSet,
  variantLabel,
  variantPhrase,
  variantPrice,
  withSizeTotal,
  type StockedVariant,
} from './variants.ts';

const v = (color: string, size: string, stock: number, extra: Partial<StockedVariant> = {}): StockedVariant => ({
  color,
  size,
  stock,
  sku: `SKU-${color}-${size}`,
  price: null,
  originalPrice: null,
  ...extra,
});

describe('variantLabel and variantPhrase', () => {
  it.each([
    [{ color: 'navy', size: 'M' }, 'Navy / M', 'Navy, size M'],
    [{ color: 'sky blue', size: 'XL' }, 'Sky blue / XL', 'Sky blue, size XL'],
    [{ color: '', size: '32' }, '32', 'size 32'],
  ])('%o reads %s', (key, label, phrase) => {
    expect(variantLabel(key)).toBe(label);
    expect(variantPhrase(key)).toBe(phrase);
  });
});

describe('orderLineDescription', () => {
  it.each([
    [
      { name: 'Oxford Shirt', color: 'navy', size: 'M', sku: 'KP-OXF-NAV-M' },
      'Oxford Shirt (Navy / M, SKU KP-OXF-NAV-M)',
    ],
    [{ name: 'Cap', color: '', size: 'OS', sku: 'KP-CAP-OS' }, 'Cap (OS, SKU KP-CAP-OS)'],
    [{ name: 'Oxford Shirt', color: null, size: 'M', sku: null }, 'Oxford Shirt (M)'],
  ])('%o → %s', (line, text) => {
    expect(orderLineDescription(line)).toBe(text);
  });
});

describe('generatedSku', () => {
  const none = () => false;
  it.each([
    ['Oxford Button-Down Shirt', { color: 'navy', size: 'M' }, 'KP-OXF-NAV-M'],
    ['The Linen Kurta', { color: 'sky blue', size: 'XL' }, 'KP-LIN-SKB-XL'],
    ['Six-Panel Cotton Cap', { color: 'bottle green', size: 'Free size' }, 'KP-SIX-BOG-FREESIZE'],
    ['Belt', { color: '', size: '34' }, 'KP-BEL-34'],
    ['!!!', { color: 'rust', size: '' }, 'KP-ITE-RUS-OS'],
  ])('%s %o → %s', (name, key, sku) => {
    expect(generatedSku(name, key, none)).toBe(sku);
  });

  it('numbers a SKU already taken, past every number taken', () => {
    const taken = new Set(['KP-OXF-NAV-M', 'KP-OXF-NAV-M-2']);
    expect(generatedSku('Oxford Shirt', { color: 'navy', size: 'M' }, (s) => taken.has(s))).toBe('KP-OXF-NAV-M-3');
  });
});

describe('reconcileVariants', () => {
  const existing = [v('navy', 'S', 2), v('navy', 'M', 5, { price: 150_00 }), v('white', 'S', 0), v('white', 'M', 7)];

  it('keeps what each colour and size held, in colour then size order', () => {
    expect(reconcileVariants(['white', 'navy'], ['M', 'S'], existing).map((x) => [x.color, x.size, x.stock])).toEqual([
      ['white', 'M', 7],
      ['white', 'S', 0],
      ['navy', 'M', 5],
      ['navy', 'S', 2],
    ]);
  });

  it('starts a new colour or size at zero with no SKU yet, and forgets those removed', () => {
    const after = reconcileVariants(['navy', 'olive'], ['M', 'L'], existing);
    expect(after.map((x) => [x.color, x.size, x.stock, x.sku, x.price])).toEqual([
      ['navy', 'M', 5, 'SKU-navy-M', 150_00],
      ['navy', 'L', 0, '', null],
      ['olive', 'M', 0, '', null],
      ['olive', 'L', 0, '', null],
    ]);
  });

  it("reads a flat size list as each size's total over every colour: the same totals change nothing", () => {
    const same = reconcileVariants(
      ['navy', 'white'],
      ['S', 'M'],
      existing,
      new Map([
        ['S', 2],
        ['M', 12],
      ]),
    );
    expect(same.map((x) => [x.color, x.size, x.stock])).toEqual([
      ['navy', 'S', 2],
      ['navy', 'M', 5],
      ['white', 'S', 0],
      ['white', 'M', 7],
    ]);
    const changed = reconcileVariants(
      ['navy', 'white'],
      ['S', 'M'],
      existing,
      new Map([
        ['S', 9],
        ['M', 3],
      ]),
    );
    expect(changed.map((x) => [x.color, x.size, x.stock])).toEqual([
      ['navy', 'S', 9],
      ['navy', 'M', 0],
      ['white', 'S', 0],
      ['white', 'M', 3],
    ]);
  });

  it('keeps the stock of a product without colours when it gains its first colour, and has an unnamed colour without any', () => {
    const plain = [v('', 'M', 4)];
    expect(reconcileVariants(['rust'], ['M'], plain).map((x) => [x.color, x.stock, x.sku])).toEqual([
      ['rust', 4, 'SKU--M'],
    ]);
    expect(reconcileVariants([], ['M'], plain).map((x) => [x.color, x.stock])).toEqual([['', 4]]);
  });
});

describe('sizeTotalsToSet', () => {
  it.each([
    ['a figure sent without what was read is set', [{ size: 'M', stock: 8 }], [['M', 8]]],
    ['a figure still as read is not set (orders may have sold some since)', [{ size: 'M', stock: 8, stockWas: 8 }], []],
    ['a figure changed from what was read is set as typed', [{ size: 'M', stock: 12, stockWas: 8 }], [['M', 12]]],
    ['a figure lowered from what was read is set as typed', [{ size: 'M', stock: 0, stockWas: 8 }], [['M', 0]]],
    [
      'each size on its own',
      [
        { size: 'S', stock: 2, stockWas: 2 },
        { size: 'M', stock: 5, stockWas: 3 },
        { size: 'L', stock: 1 },
      ],
      [
        ['M', 5],
        ['L', 1],
      ],
    ],
    [
      'a size removed since the form was read comes back at the figure it shows',
      [
        { size: 'M', stock: 8, stockWas: 8 },
        { size: 'XL', stock: 5, stockWas: 5 },
      ],
      [['XL', 5]],
    ],
  ])('%s', (_, sizes, expected) => {
    expect([...sizeTotalsToSet(sizes, new Set(['S', 'M', 'L']))]).toEqual(expected);
  });
});

describe('heldVariantsMessage', () => {
  it.each([
    [
      [{ variant: { color: 'navy', size: 'XL' }, orders: ['KP-1001'] }],
      'Navy / XL (KP-1001) cannot be removed: open orders hold pieces of it. Set its stock to 0 to stop selling it, and remove it once those orders are delivered or cancelled.',
    ],
    [
      [
        { variant: { color: '', size: 'M' }, orders: ['A', 'B', 'C', 'D', 'E'] },
        { variant: { color: 'sky blue', size: 'L' }, orders: ['F'] },
      ],
      'M (A, B, C and 2 more); Sky blue / L (F) cannot be removed: open orders hold pieces of them. Set their stock to 0 to stop selling them, and remove them once those orders are delivered or cancelled.',
    ],
  ])('%j', (held, message) => {
    expect(heldVariantsMessage(held)).toBe(message);
  });
});

describe('withSizeTotal', () => {
  it.each([
    [[3, 5], 8, [3, 5]],
    [[3, 5], 10, [5, 5]],
    [[3, 5], 7, [2, 5]],
    [[3, 5], 2, [0, 2]],
    [[3, 5], 0, [0, 0]],
    [[0, 0, 4], 1, [0, 0, 1]],
    [[], 5, []],
  ])('%o brought to %i → %o', (stocks, total, expected) => {
    expect(withSizeTotal(stocks, total)).toEqual(expected);
  });
});

describe('initialColor', () => {
  const variants = [v('navy', 'M', 0), v('white', 'M', 3), v('olive', 'M', 1)];
  it.each([
    [['navy', 'white', 'olive'], 'olive', 'olive'],
    [['navy', 'white', 'olive'], 'WHITE ', 'white'],
    [['navy', 'white', 'olive'], 'chartreuse', 'white'],
    [['navy', 'white', 'olive'], undefined, 'white'],
    [['navy'], null, 'navy'],
    [[], undefined, ''],
  ])('colours %o asked %s → %s', (colors, asked, expected) => {
    expect(initialColor(colors, variants, asked)).toBe(expected);
  });
});

describe('cartColor', () => {
  it.each([
    [['navy', 'white'], 'Navy', 'navy'],
    [['navy', 'white'], undefined, null],
    [['navy', 'white'], '', null],
    [['navy', 'white'], 'olive', null],
    [['navy'], undefined, 'navy'],
    [[], undefined, ''],
    [[], 'navy', ''],
    [[], '  ', ''],
  ])('colours %o given %s → %s', (colors, given, expected) => {
    expect(cartColor(colors, given)).toBe(expected);
  });
});

describe('colorGallery', () => {
  const photos = [
    { url: '/a-navy.svg', color: 'navy' },
    { url: '/shared.svg', color: null },
    { url: '/a-white.svg', color: 'white' },
  ];
  it.each([
    ['navy', ['/a-navy.svg', '/shared.svg']],
    ['white', ['/a-white.svg', '/shared.svg']],
    ['olive', ['/shared.svg']],
  ])('%s shows %o', (color, gallery) => {
    expect(colorGallery(photos, color)).toEqual(gallery);
  });
  it('falls back to every photo when a colour has none of its own and none is shared', () => {
    expect(colorGallery([{ url: '/a-navy.svg', color: 'navy' }], 'white')).toEqual(['/a-navy.svg']);
  });
});

describe('variantPrice', () => {
  const product = { price: 999_00, originalPrice: 1299_00 };
  it.each([
    [undefined, { price: 999_00, originalPrice: 1299_00 }],
    [
      { price: null, originalPrice: null },
      { price: 999_00, originalPrice: 1299_00 },
    ],
    [
      { price: 1099_00, originalPrice: null },
      { price: 1099_00, originalPrice: null },
    ],
  ])('%o → %o', (variant, expected) => {
    expect(variantPrice(product, variant)).toEqual(expected);
  });
});
