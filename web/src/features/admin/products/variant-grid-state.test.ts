import { describe, expect, it } from 'vitest';
import { variantKeyOf } from '@shop/core';
import {
  cellOf,
  gridBodyFrom,
  gridFrom,
  withCell,
  withColor,
  withoutColor,
  withRowStock,
  withSize,
} from './variant-grid-state.ts';

const v = (color: string, size: string, stock: number, extra: object = {}) => ({
  color,
  size,
  stock,
  sku: `SKU-${color || 'X'}-${size}`.toUpperCase(),
  price: null,
  originalPrice: null,
  ...extra,
});

const product = {
  colors: ['navy', 'white'],
  variants: [v('navy', 'S', 5), v('navy', 'M', 4), v('white', 'S', 0), v('white', 'M', 0, { price: 1299 })],
  lowStockThreshold: null,
};

describe('the variant grid as staff edit it', () => {
  it('loads a product: colours as rows, sizes as columns, each cell with its stock, SKU and price', () => {
    const grid = gridFrom(product);
    expect(grid.colors).toEqual(['navy', 'white']);
    expect(grid.sizes).toEqual(['S', 'M']);
    expect(cellOf(grid, 'white', 'M')).toEqual({
      stock: '0',
      sku: 'SKU-WHITE-M',
      price: '1299',
      originalPrice: '',
      stockWas: 0,
    });
    expect(grid.lowStockThreshold).toBe('');
  });

  it('saves every cell with the stock it was loaded with; new cells start at zero with a generated SKU', () => {
    let grid = withSize(withColor(gridFrom(product), 'red'), ' xl ');
    grid = withCell(grid, 'red', 'XL', { stock: '3', price: '1499.50', originalPrice: '1999' });
    const result = gridBodyFrom(grid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body.colors).toEqual(['navy', 'white', 'red']);
    expect(result.body.sizes).toEqual(['S', 'M', 'XL']);
    expect(result.body.cells).toHaveLength(9);
    expect(result.body.cells).toContainEqual({
      color: 'navy',
      size: 'S',
      sku: 'SKU-NAVY-S',
      stock: 5,
      stockWas: 5,
      price: null,
      originalPrice: null,
    });
    expect(result.body.cells).toContainEqual({
      color: 'red',
      size: 'XL',
      sku: '',
      stock: 3,
      price: 1499.5,
      originalPrice: 1999,
    });
    expect(result.body.lowStockThreshold).toBeNull();
  });

  it.each([
    ['a stock that is not a whole number', { stock: '2.5' }, 'Navy / S: stock must be a whole number, 0 or more.'],
    ['a negative stock', { stock: '-1' }, 'Navy / S: stock must be a whole number, 0 or more.'],
    ['an empty stock', { stock: '' }, 'Navy / S: stock must be a whole number, 0 or more.'],
    ['a price with three decimals', { price: '10.005' }, 'Navy / S: a price is in rupees, with up to two decimals.'],
    ['an original price alone', { originalPrice: '999' }, "Navy / S: an original price needs the variant's own price."],
  ])('refuses %s under its cell', (_name, changes, message) => {
    const result = gridBodyFrom(withCell(gridFrom(product), 'navy', 'S', changes));
    expect(result).toEqual({ ok: false, errors: { [variantKeyOf({ color: 'navy', size: 'S' })]: message } });
  });

  it('fills a colour’s row at once, drops a removed colour’s cells from the body, and repeats no size', () => {
    let grid = withRowStock(gridFrom(product), 'white', '8');
    expect(grid.sizes.map((size) => cellOf(grid, 'white', size).stock)).toEqual(['8', '8']);
    grid = withSize(withoutColor(grid, 'navy'), 's');
    const result = gridBodyFrom(grid);
    expect(result.ok && result.body.cells.map((c) => `${c.color}/${c.size}:${c.stock}`)).toEqual([
      'white/S:8',
      'white/M:8',
    ]);
  });

  it('a product sold without colours has one unnamed row; its first colour takes that row’s stock', () => {
    const plain = gridFrom({ colors: [], variants: [v('', 'M', 7)] });
    expect(gridBodyFrom(plain)).toMatchObject({
      ok: true,
      body: { colors: [], cells: [{ color: '', size: 'M', stock: 7 }] },
    });
    const coloured = withColor(plain, 'navy');
    expect(cellOf(coloured, 'navy', 'M')).toMatchObject({ stock: '7', sku: '' });
  });
});
