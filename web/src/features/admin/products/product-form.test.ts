import { emptyDeclarations } from '@shop/core';
import { makeProduct } from '../../../test/fixtures.ts';
import {
  emptyProductForm,
  productBodyFrom,
  productFormFor,
  sizeRow,
  splitTags,
  type ProductForm,
} from './product-form.ts';

function filled(overrides: Partial<ProductForm> = {}): ProductForm {
  return {
    ...emptyProductForm(),
    name: '  Linen Kurta ',
    description: 'Breathes in the heat.',
    categoryId: 'mens-shirts',
    tags: 'Shirt, Linen, ',
    colors: ['white', 'sky blue'],
    price: '1499.50',
    originalPrice: '',
    sizes: [sizeRow('m', '4'), sizeRow('L', '0')],
    images: ['/uploads/kurta.webp', '/uploads/kurta-2.jpg'],
    ...overrides,
  };
}

describe('productBodyFrom', () => {
  it('sends numbers for prices and stock, trimmed text, split tags and upper-case sizes', () => {
    expect(productBodyFrom(filled())).toEqual({
      ok: true,
      body: {
        name: 'Linen Kurta',
        description: 'Breathes in the heat.',
        categoryId: 'mens-shirts',
        price: 1499.5,
        originalPrice: null,
        saleEndsAt: null,
        colors: ['white', 'sky blue'],
        tags: ['Shirt', 'Linen'],
        images: ['/uploads/kurta.webp', '/uploads/kurta-2.jpg'],
        sizes: [
          { size: 'M', stock: 4 },
          { size: 'L', stock: 0 },
        ],
        // Left empty here; the server refuses a product on sale without them.
        ...emptyDeclarations,
      },
    });
  });

  it('sends the declarations trimmed, and reads them back from a product', () => {
    const declared = productBodyFrom(
      filled({ genericName: ' Kurta ', countryOfOrigin: 'India ', makerRole: 'packer', makerName: 'Kapas' }),
    );
    expect(declared.ok && declared.body).toMatchObject({
      genericName: 'Kurta',
      countryOfOrigin: 'India',
      makerRole: 'packer',
      makerName: 'Kapas',
    });
    const product = makeProduct();
    expect(productFormFor(product)).toMatchObject(product.declarations);
  });

  it.each([
    ['a blank name', { name: '  ' }, 'name', 'is required'],
    ['no category', { categoryId: '' }, 'categoryId', 'Choose a category.'],
    ['a blank price', { price: '' }, 'price', 'is required'],
    ['a price that is no number', { price: 'abc' }, 'price', 'must be a number'],
    ['a price under ₹1', { price: '0.5' }, 'price', 'must be at least 1'],
    ['three decimals', { price: '10.005' }, 'price', 'must have at most two decimals'],
    ['a negative original price', { originalPrice: '-1' }, 'originalPrice', 'must not be negative'],
    ['a sale end the calendar has not', { saleEndsAt: '2026-02-30T10:00' }, 'saleEndsAt', 'must be a date and time'],
    ['a colour the shop does not have', { colors: ['purple'] }, 'colors.0', "is not one of the shop's colours"],
    ['a blank stock', { sizes: [sizeRow('M', '')] }, 'sizes.0.stock', 'is required'],
    ['stock with a fraction', { sizes: [sizeRow('M', '1.5')] }, 'sizes.0.stock', 'must be a whole number'],
    ['negative stock', { sizes: [sizeRow('M', '-2')] }, 'sizes.0.stock', 'must not be negative'],
    ['a blank size', { sizes: [sizeRow(' ', '2')] }, 'sizes.0.size', 'must not be empty'],
    ['a repeated size', { sizes: [sizeRow('M', '1'), sizeRow('m', '2')] }, 'sizes', 'must not repeat a size'],
    [
      'an image of another site',
      { images: ['https://example.com/a.jpg'] },
      'images.0',
      'must be an uploaded image (/uploads/…) or a drawn one (/images/products/…)',
    ],
  ] as [string, Partial<ProductForm>, string, string][])(
    'refuses %s, naming the field',
    (_name, overrides, path, message) => {
      const result = productBodyFrom(filled(overrides));
      expect(result.ok).toBe(false);
      // The first message for the path is the one the form shows.
      expect(!result.ok && result.issues.find((issue) => issue.path === path)?.message).toBe(message);
    },
  );
});

describe('productFormFor', () => {
  it('reads a stored product back into the form, unchanged by a round trip', () => {
    const product = makeProduct({
      tags: ['Shirt', 'Cotton'],
      price: 1199,
      originalPrice: 1499,
      sizes: [{ size: 'M', stock: 3 }],
      images: ['/images/products/a.svg'],
    });
    const form = productFormFor(product);
    expect(form).toMatchObject({
      tags: 'Shirt, Cotton',
      price: '1199',
      originalPrice: '1499',
      images: ['/images/products/a.svg'],
    });
    expect(form.sizes.map(({ size, stock }) => ({ size, stock }))).toEqual([{ size: 'M', stock: '3' }]);
    expect(productBodyFrom(form)).toMatchObject({
      ok: true,
      body: { price: 1199, originalPrice: 1499, sizes: [{ size: 'M', stock: 3 }], tags: ['Shirt', 'Cotton'] },
    });
  });
});

describe('the sale end, typed in India time', () => {
  it('is sent as the instant it names, whatever zone the browser is in', () => {
    const result = productBodyFrom(filled({ saleEndsAt: '2026-12-01T18:30' }));
    expect(result).toMatchObject({ ok: true, body: { saleEndsAt: '2026-12-01T13:00:00.000Z' } });
  });

  it('blank clears it', () => {
    expect(productBodyFrom(filled({ saleEndsAt: ' ' }))).toMatchObject({ ok: true, body: { saleEndsAt: null } });
  });

  it('a stored sale end reads back in India time, and round-trips unchanged', () => {
    const form = productFormFor(makeProduct({ saleEndsAt: '2026-11-30T16:15:00.000Z' }));
    expect(form.saleEndsAt).toBe('2026-11-30T21:45');
    expect(productBodyFrom(form)).toMatchObject({ ok: true, body: { saleEndsAt: '2026-11-30T16:15:00.000Z' } });
    expect(productFormFor(makeProduct({ saleEndsAt: null })).saleEndsAt).toBe('');
  });
});

it('splits tags on commas, dropping blanks', () => {
  expect(splitTags(' Shirt ,, Linen ,')).toEqual(['Shirt', 'Linen']);
});
