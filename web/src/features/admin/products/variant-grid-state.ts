/**
 * The variant grid as staff edit it: colours as rows, sizes as columns, a cell per colour and
 * size with its stock, SKU and prices as typed. Pure: the grid from a product, the edits, and
 * the body saved in one call (`PUT /api/admin/products/:id/variants`).
 */
import {
  UNNAMED_COLOR,
  variantColors,
  variantKeyOf,
  variantLabel,
  type Product,
  type VariantGridBody,
} from '@shop/core';

/** One cell as typed: text, so a half-typed number stays on screen. */
export interface CellEdit {
  stock: string;
  sku: string;
  price: string;
  originalPrice: string;
  /** The stock the cell held when the grid was loaded; undefined for a new cell. */
  stockWas: number | undefined;
}

export interface GridEdit {
  /** The product's named colours in its order ([] for a product sold without colours). */
  colors: string[];
  sizes: string[];
  /** By `variantKeyOf`. */
  cells: Record<string, CellEdit>;
  /** The product's own low-stock threshold as typed; '' for the shop's. */
  lowStockThreshold: string;
}

/** The server's limits (`variantGridBody`). */
export const GRID_LIMITS = { colors: 12, sizes: 12 } as const;

const emptyCell = (): CellEdit => ({ stock: '0', sku: '', price: '', originalPrice: '', stockWas: undefined });
const rupees = (value: number | null) => (value === null ? '' : String(value));

/** The grid of a product as stored. */
export function gridFrom(
  product: Pick<Product, 'colors' | 'variants'> & { lowStockThreshold?: number | null },
): GridEdit {
  const cells: Record<string, CellEdit> = {};
  const sizes: string[] = [];
  for (const v of product.variants) {
    if (!sizes.includes(v.size)) sizes.push(v.size);
    cells[variantKeyOf(v)] = {
      stock: String(v.stock),
      sku: v.sku,
      price: rupees(v.price),
      originalPrice: rupees(v.originalPrice),
      stockWas: v.stock,
    };
  }
  return {
    colors: [...product.colors],
    sizes,
    cells,
    lowStockThreshold: product.lowStockThreshold == null ? '' : String(product.lowStockThreshold),
  };
}

/** The rows the grid shows: its colours, or the one unnamed colour. */
export const gridRows = (grid: GridEdit): string[] => variantColors(grid.colors);

export function cellOf(grid: GridEdit, color: string, size: string): CellEdit {
  return grid.cells[variantKeyOf({ color, size })] ?? emptyCell();
}

export function withCell(grid: GridEdit, color: string, size: string, changes: Partial<CellEdit>): GridEdit {
  const key = variantKeyOf({ color, size });
  return { ...grid, cells: { ...grid.cells, [key]: { ...cellOf(grid, color, size), ...changes } } };
}

/**
 * A colour added as a row: its cells start at zero. The first named colour of a product sold
 * without colours takes over the unnamed colour's cells (its stock is that colour's).
 */
export function withColor(grid: GridEdit, color: string): GridEdit {
  if (grid.colors.includes(color) || grid.colors.length >= GRID_LIMITS.colors) return grid;
  const cells = { ...grid.cells };
  if (grid.colors.length === 0) {
    for (const size of grid.sizes) {
      const unnamed = cells[variantKeyOf({ color: UNNAMED_COLOR, size })];
      if (unnamed) cells[variantKeyOf({ color, size })] = { ...unnamed, sku: '', stockWas: undefined };
    }
  }
  return { ...grid, colors: [...grid.colors, color], cells };
}

export function withoutColor(grid: GridEdit, color: string): GridEdit {
  return { ...grid, colors: grid.colors.filter((c) => c !== color) };
}

/** A size added as a column (upper-cased, as the server keeps it); nothing for a blank or repeated one. */
export function withSize(grid: GridEdit, typed: string): GridEdit {
  const size = typed.trim().toUpperCase();
  if (!size || grid.sizes.includes(size) || grid.sizes.length >= GRID_LIMITS.sizes) return grid;
  return { ...grid, sizes: [...grid.sizes, size] };
}

export function withoutSize(grid: GridEdit, size: string): GridEdit {
  return { ...grid, sizes: grid.sizes.filter((s) => s !== size) };
}

/** Every cell of one row set to the same stock: the bulk edit of a colour. */
export function withRowStock(grid: GridEdit, color: string, stock: string): GridEdit {
  return grid.sizes.reduce((g, size) => withCell(g, color, size, { stock }), grid);
}

export type GridResult = { ok: true; body: VariantGridBody } | { ok: false; errors: Record<string, string> };

const WHOLE = /^\d+$/;
const PRICE = /^\d+(\.\d{1,2})?$/;

/**
 * The body to save, or messages by cell key (`variantKeyOf`) and `lowStockThreshold`. Every
 * cell of the grid is sent, with the stock it was loaded with, so a stock staff did not touch
 * keeps what orders left meanwhile.
 */
export function gridBodyFrom(grid: GridEdit): GridResult {
  const errors: Record<string, string> = {};
  const cells: VariantGridBody['cells'] = [];
  for (const color of gridRows(grid)) {
    for (const size of grid.sizes) {
      const key = variantKeyOf({ color, size });
      const cell = cellOf(grid, color, size);
      const label = variantLabel({ color, size });
      const stock = cell.stock.trim();
      const price = cell.price.trim();
      const originalPrice = cell.originalPrice.trim();
      if (!WHOLE.test(stock)) errors[key] = `${label}: stock must be a whole number, 0 or more.`;
      else if ((price && !PRICE.test(price)) || (originalPrice && !PRICE.test(originalPrice)))
        errors[key] = `${label}: a price is in rupees, with up to two decimals.`;
      else if (originalPrice && !price) errors[key] = `${label}: an original price needs the variant's own price.`;
      cells.push({
        color,
        size,
        sku: cell.sku.trim().toUpperCase(),
        stock: Number(stock),
        ...(cell.stockWas !== undefined && { stockWas: cell.stockWas }),
        price: price ? Number(price) : null,
        originalPrice: originalPrice ? Number(originalPrice) : null,
      });
    }
  }
  const threshold = grid.lowStockThreshold.trim();
  if (threshold && !WHOLE.test(threshold)) errors.lowStockThreshold = 'The low-stock threshold must be a whole number.';
  if (grid.sizes.length === 0) errors.sizes = 'Add at least one size.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      colors: grid.colors,
      sizes: grid.sizes,
      cells,
      lowStockThreshold: threshold ? Number(threshold) : null,
    },
  };
}

/** The cell a server issue names (`cells.4.stock` → that cell's key), by the body's order of cells. */
export function cellKeyOfIssue(body: VariantGridBody, path: string): string | undefined {
  const match = /^cells\.(\d+)/.exec(path);
  const cell = match ? body.cells[Number(match[1])] : undefined;
  return cell && variantKeyOf({ color: cell.color, size: cell.size });
}
