import { describe, expect, it } from 'vitest';
import {
  chargedPrice,
  hasMarkdown,
  priceAfterSale,
  productAt,
  saleEndRefusal,
  saleHasEnded,
  variantAfterSale,
  type OwnPrice,
} from './sale-end.ts';

const NOW = Date.parse('2026-11-30T10:00:00Z');
const later = '2026-11-30T10:00:01.000Z';
const earlier = '2026-11-30T09:59:59.000Z';
const exactly = '2026-11-30T10:00:00.000Z';

describe('saleHasEnded', () => {
  it.each([
    [null, false],
    [undefined, false],
    ['', false],
    ['not a date', false],
    [later, false],
    [exactly, true],
    [earlier, true],
  ] as const)('an end of %s has ended: %s', (end, expected) => {
    expect(saleHasEnded(end, NOW)).toBe(expected);
  });
});

describe('priceAfterSale and variantAfterSale', () => {
  it.each([
    // price, original, after
    [799, 999, 999],
    [999, 999, 999],
    [999, 799, 999], // an "original" below the price was never a markdown: the price stays
    [799, null, 799],
  ] as const)(
    '%s marked down from %s sells at %s once the sale ends, with no markdown left',
    (price, original, after) => {
      const ended = priceAfterSale({ price, originalPrice: original });
      expect(ended).toEqual({ price: after, originalPrice: null });
      // Never below what it was sold for during the sale.
      expect(ended.price).toBeGreaterThanOrEqual(price);
    },
  );

  it.each([
    [
      { price: 500, originalPrice: 700 },
      { price: 700, originalPrice: null },
    ],
    [
      { price: 500, originalPrice: null },
      { price: 500, originalPrice: null },
    ],
    [
      { price: null, originalPrice: null },
      { price: null, originalPrice: null },
    ],
    // An original price without a price of its own is not the variant's markdown.
    [
      { price: null, originalPrice: 700 },
      { price: null, originalPrice: null },
    ],
  ] as const)('variant %j becomes %j', (variant, expected) => {
    expect(variantAfterSale({ ...variant, size: 'M' })).toEqual({ ...expected, size: 'M' });
  });
});

describe('hasMarkdown', () => {
  const own = (price: number | null, originalPrice: number | null = null): OwnPrice => ({ price, originalPrice });
  it.each([
    ['the product marked down, no variants', { price: 799, originalPrice: 999 }, [], true],
    ['the product not marked down, no variants', { price: 799, originalPrice: null }, [], false],
    ['an original at the price', { price: 799, originalPrice: 799 }, [], false],
    ['variants at the product’s marked-down price', { price: 799, originalPrice: 999 }, [own(null), own(null)], true],
    ['one variant marked down on its own', { price: 799, originalPrice: null }, [own(null), own(599, 699)], true],
    ['every variant at its own full price', { price: 799, originalPrice: 999 }, [own(899), own(899)], false],
    ['a variant’s own original below its price', { price: 799, originalPrice: null }, [own(899, 699)], false],
  ] as const)('%s: %s', (_case, product, variants, expected) => {
    expect(hasMarkdown(product, variants)).toBe(expected);
  });
});

describe('productAt', () => {
  const product = (saleEndsAt: string | null, variants: OwnPrice[] = [{ price: null, originalPrice: null }]) => ({
    name: 'Oxford',
    price: 799,
    originalPrice: 999,
    saleEndsAt,
    variants: variants.map((v, i) => ({ ...v, size: `S${i}` })),
  });

  it('leaves a product without a sale end, or one still running, as it is', () => {
    expect(productAt(product(null), NOW)).toEqual(product(null));
    expect(productAt(product(later), NOW)).toEqual(product(later));
  });

  it('puts a product whose sale has ended at its original prices, with no sale end', () => {
    const ended = productAt(
      product(earlier, [
        { price: null, originalPrice: null },
        { price: 599, originalPrice: 899 },
      ]),
      NOW,
    );
    expect(ended).toEqual({
      name: 'Oxford',
      price: 999,
      originalPrice: null,
      saleEndsAt: null,
      variants: [
        { price: null, originalPrice: null, size: 'S0' },
        { price: 899, originalPrice: null, size: 'S1' },
      ],
    });
    expect(productAt(product(exactly), NOW).price).toBe(999);
  });

  it('shows no sale end for a product with nothing marked down', () => {
    const nothingOff = { ...product(later), originalPrice: null };
    expect(productAt(nothingOff, NOW).saleEndsAt).toBeNull();
  });
});

describe('chargedPrice', () => {
  it.each([
    // product end, variant, charged
    [later, undefined, 799],
    [earlier, undefined, 999],
    [null, undefined, 799],
    [later, { price: 599, originalPrice: 899 }, 599],
    [earlier, { price: 599, originalPrice: 899 }, 899],
    [earlier, { price: 599, originalPrice: null }, 599],
    [earlier, { price: null, originalPrice: null }, 999],
  ] as const)('a sale ending %s charges variant %j at %s', (saleEndsAt, variant, expected) => {
    expect(chargedPrice({ price: 799, originalPrice: 999, saleEndsAt }, variant, NOW)).toBe(expected);
  });
});

describe('saleEndRefusal', () => {
  const marked = { price: 799, originalPrice: 999 };
  const full = { price: 799, originalPrice: null };
  it.each([
    ['no sale end', null, marked, [], true, null],
    ['an end to come on a marked-down product', later, marked, [], true, null],
    ['an end passed, set now', earlier, marked, [], true, 'SALE_END_PASSED'],
    ['an end passed, kept from before', earlier, marked, [], false, null],
    ['an end on a product with nothing off', later, full, [], true, 'SALE_WITHOUT_MARKDOWN'],
    ['kept on a product whose markdown went', later, full, [], false, 'SALE_WITHOUT_MARKDOWN'],
    ['an end on a variant’s own markdown', later, full, [{ price: 499, originalPrice: 599 }], true, null],
  ] as const)('%s: %s', (_case, end, product, variants, setNow, expected) => {
    const refusal = saleEndRefusal(end, product, variants, NOW, { setNow });
    expect(refusal?.reason ?? null).toBe(expected);
    if (refusal) expect(refusal.message).toMatch(/clear the sale end\.$/);
  });
});
