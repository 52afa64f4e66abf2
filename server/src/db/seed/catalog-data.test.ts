import { describe, it, expect } from 'vitest';
import { colorSwatches, declarationsOf, defaultStoreSettings, missingDeclarations, parsePriceBand } from '@shop/core';
import { artFileName, artKinds, artViews, parseArtFileName } from '../../modules/catalog/product-art/product-art.ts';
import { seedCategories, seedDeclarations, seedProducts, type SeedProduct } from './catalog-data.ts';

const categoryIds = new Set(seedCategories.map((c) => c.id));
const bands = defaultStoreSettings.priceBands.map((label) => {
  const band = parsePriceBand(label);
  if (!band) throw new Error(`bad band ${label}`);
  return { label, ...band };
});
const inBand = (p: SeedProduct, band: { min: number; max: number }) => p.price >= band.min && p.price <= band.max;
const count = (predicate: (p: SeedProduct) => boolean) => seedProducts.filter(predicate).length;
const decimals = (n: number) => (String(n).split('.')[1] ?? '').length;
const isSoldOut = (p: SeedProduct) => Object.values(p.sizes).every((stock) => stock === 0);

const APPAREL = ['S', 'M', 'L', 'XL', 'XXL'];
const WAIST = ['30', '32', '34', '36'];
const RING = ['8', '10', '12'];

describe('seed categories', () => {
  it('has the exact categories, ids and names', () => {
    expect(seedCategories).toEqual([
      { id: 'mens-clothing', name: "Men's clothing", parentId: null },
      { id: 'mens-t-shirts', name: "Men's T-Shirts", parentId: 'mens-clothing' },
      { id: 'mens-shirts', name: "Men's Shirts", parentId: 'mens-clothing' },
      { id: 'mens-bottoms', name: "Men's Trousers & Jeans", parentId: 'mens-clothing' },
      { id: 'mens-outerwear', name: "Men's Jackets & Hoodies", parentId: 'mens-clothing' },
      { id: 'mens-accessories', name: 'Men Accessories', parentId: null },
      { id: 'womens-clothing', name: "Women's clothing", parentId: null },
      { id: 'jewelery', name: 'Jewelery', parentId: null },
    ]);
  });

  it('covers every collection the products page offers', () => {
    for (const { id } of defaultStoreSettings.collections) {
      if (id !== 'all') expect(categoryIds).toContain(id);
    }
  });

  it('puts products only in categories with no children or top categories, and fills every leaf', () => {
    const parents = new Set(seedCategories.map((c) => c.parentId).filter((id) => id !== null));
    for (const c of seedCategories) {
      if (!parents.has(c.id))
        expect(
          count((p) => p.categoryId === c.id),
          c.id,
        ).toBeGreaterThan(0);
    }
  });
});

describe('seed products', () => {
  it('has at least 60 products with unique kebab-case slugs and unique names', () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(60);
    expect(new Set(seedProducts.map((p) => p.slug)).size).toBe(seedProducts.length);
    expect(new Set(seedProducts.map((p) => p.name)).size).toBe(seedProducts.length);
    for (const p of seedProducts) expect(p.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it.each(seedProducts.map((p) => [p.slug, p] as const))('%s is well formed', (_slug, p) => {
    expect(p.name.trim()).toBe(p.name);
    expect(p.name.length).toBeGreaterThan(3);
    expect(p.name.length).toBeLessThanOrEqual(120);
    const sentences = p.description.split(/(?<=[.!?])\s+/).filter(Boolean);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(4);
    expect(categoryIds).toContain(p.categoryId);

    expect(p.price).toBeGreaterThanOrEqual(1);
    expect(decimals(p.price)).toBeLessThanOrEqual(2);
    if (p.originalPrice !== undefined) {
      expect(p.originalPrice).toBeGreaterThan(p.price);
      expect(decimals(p.originalPrice)).toBeLessThanOrEqual(2);
    }

    expect(p.colors.length).toBeGreaterThan(0);
    expect(new Set(p.colors).size).toBe(p.colors.length);
    for (const color of p.colors) expect(Object.hasOwn(colorSwatches, color), color).toBe(true);

    expect(p.tags.length).toBeGreaterThan(0);
    expect(new Set(p.tags).size).toBe(p.tags.length);

    expect(artKinds).toContain(p.art);
    expect(p.views.length).toBeGreaterThanOrEqual(2);
    expect(p.views.length).toBeLessThanOrEqual(4);
    expect(p.views[0]).toBe('front');
    expect(new Set(p.views).size).toBe(p.views.length);
    for (const view of p.views) {
      expect(artViews).toContain(view);
      const file = artFileName(p.art, p.colors[0] ?? '', view);
      expect(parseArtFileName(file)).toEqual({ kind: p.art, color: p.colors[0], view });
    }

    const sizes = Object.keys(p.sizes);
    expect(sizes.length).toBeGreaterThan(0);
    for (const [size, stock] of Object.entries(p.sizes)) {
      expect(size).toBe(size.toUpperCase());
      expect(Number.isInteger(stock)).toBe(true);
      expect(stock).toBeGreaterThanOrEqual(0);
      expect(stock).toBeLessThanOrEqual(25);
    }
    if (p.art === 'ring') expect(sizes).toEqual(RING);
    else if (p.categoryId === 'mens-bottoms') expect(sizes).toEqual(WAIST);
    else if (['mens-accessories', 'jewelery'].includes(p.categoryId)) expect(sizes).toEqual(['ONE SIZE']);
    else expect(sizes).toEqual(APPAREL);

    expect(Number.isInteger(p.daysSinceAdded)).toBe(true);
    expect(p.daysSinceAdded).toBeGreaterThanOrEqual(0);
    expect(p.daysSinceAdded).toBeLessThanOrEqual(120);
  });

  it.each(bands)('price band $label holds at least 12 products, some white, black and navy', (band) => {
    const products = seedProducts.filter((p) => inBand(p, band));
    expect(products.length).toBeGreaterThanOrEqual(12);
    for (const color of defaultStoreSettings.filterColors) {
      expect(products.filter((p) => p.colors.includes(color)).length, color).toBeGreaterThanOrEqual(2);
    }
  });

  it('prices some products exactly on a band boundary and a few above the top band', () => {
    expect(count((p) => p.price === 50)).toBeGreaterThan(0);
    expect(count((p) => p.price === 100)).toBeGreaterThan(0);
    const premium = count((p) => p.price > 150);
    expect(premium).toBeGreaterThanOrEqual(4);
    expect(premium).toBeLessThanOrEqual(10);
  });

  it('marks about a third of the products down', () => {
    const share = count((p) => p.originalPrice !== undefined) / seedProducts.length;
    expect(share).toBeGreaterThanOrEqual(0.25);
    expect(share).toBeLessThanOrEqual(0.45);
  });

  it.each(defaultStoreSettings.filterColors.map((c) => [c]))('colour %s is on at least 12 products', (color) => {
    expect(count((p) => p.colors.includes(color))).toBeGreaterThanOrEqual(12);
  });

  it('uses more of the palette than the filter colours', () => {
    const used = new Set(seedProducts.flatMap((p) => p.colors));
    expect(used.size).toBeGreaterThanOrEqual(12);
  });

  it.each(defaultStoreSettings.filterTags.map((t) => [t]))('tag %s is on at least 6 products', (tag) => {
    expect(count((p) => p.tags.includes(tag))).toBeGreaterThanOrEqual(6);
  });

  it('has sold-out and low-stock products', () => {
    expect(count(isSoldOut)).toBeGreaterThanOrEqual(4);
    expect(count((p) => Object.values(p.sizes).some((stock) => stock >= 1 && stock <= 3))).toBeGreaterThanOrEqual(1);
    expect(count((p) => !isSoldOut(p) && Object.values(p.sizes).some((stock) => stock === 0))).toBeGreaterThan(0);
  });

  it('is mostly menswear, with women’s clothing and jewellery too', () => {
    const mens = new Set(['mens-t-shirts', 'mens-shirts', 'mens-bottoms', 'mens-outerwear', 'mens-accessories']);
    expect(count((p) => mens.has(p.categoryId))).toBeGreaterThan(seedProducts.length / 2);
    expect(count((p) => p.categoryId === 'womens-clothing')).toBeGreaterThanOrEqual(6);
    expect(count((p) => p.categoryId === 'jewelery')).toBeGreaterThanOrEqual(6);
  });

  it('spreads the dates added so "newest" means something', () => {
    expect(new Set(seedProducts.map((p) => p.daysSinceAdded)).size).toBeGreaterThan(seedProducts.length / 2);
  });
});

describe('seed declarations', () => {
  it('declares everything for every product, so the whole demo catalogue may be on sale', () => {
    for (const p of seedProducts) expect(missingDeclarations(declarationsOf(seedDeclarations(p))), p.slug).toEqual([]);
  });

  it('names each piece by its kind (only jewellery by its category), and imports some, each by an importer', () => {
    for (const p of seedProducts) {
      const d = seedDeclarations(p);
      if (d.generic_name === 'Jewellery') expect(p.categoryId, p.slug).toBe('jewelery');
      expect(d.maker_role, p.slug).toBe(d.country_of_origin === 'India' ? 'manufacturer' : 'importer');
    }
    const origins = new Set(seedProducts.map((p) => seedDeclarations(p).country_of_origin));
    expect(origins.size).toBeGreaterThan(3);
  });
});
