import { colorName, formatRupees, variantKeyOf, variantLabel, type ListingDeclarations } from '@shop/core';

/**
 * The one-line summaries staff read in a product's history (the audit trail). Pure: they
 * compare what was stored with what is written, and say what changed in words.
 */

/** A product's editable fields, as stored (prices in paise). */
export interface ProductFields {
  name: string;
  description: string;
  categoryId: string;
  price: number;
  originalPrice: number | null;
  colors: string[];
  tags: string[];
  images: string[];
  sizes: { size: string; stock: number }[];
  declarations: ListingDeclarations;
  /** When its sale ends (ISO, UTC); null: no sale end. */
  saleEndsAt?: string | null;
}

const fieldLabels: Record<keyof ProductFields, string> = {
  name: 'name',
  description: 'description',
  categoryId: 'category',
  price: 'price',
  originalPrice: 'original price',
  colors: 'colours',
  tags: 'tags',
  images: 'images',
  sizes: 'sizes',
  declarations: 'declarations',
  saleEndsAt: 'sale end',
};

// Colours and tags are sets (stored unordered, read back sorted); images and sizes keep their order.
const unordered = new Set<keyof ProductFields>(['colors', 'tags']);

function sameValue(field: keyof ProductFields, before: unknown, after: unknown): boolean {
  if (unordered.has(field) && Array.isArray(before) && Array.isArray(after)) {
    return JSON.stringify([...before].sort()) === JSON.stringify([...after].sort());
  }
  return JSON.stringify(before) === JSON.stringify(after);
}

/** The fields a write changes, in a fixed order; fields it leaves out (undefined) are unchanged. */
export function changedProductFields(before: ProductFields, write: Partial<ProductFields>): (keyof ProductFields)[] {
  return (Object.keys(fieldLabels) as (keyof ProductFields)[]).filter(
    (field) => write[field] !== undefined && !sameValue(field, before[field], write[field]),
  );
}

/** "Changed price, sizes"; null when nothing changed (nothing worth recording). */
export function productUpdateSummary(changed: (keyof ProductFields)[]): string | null {
  return changed.length === 0 ? null : `Changed ${changed.map((f) => fieldLabels[f]).join(', ')}`;
}

export function productCreatedSummary(name: string): string {
  return `Created “${name}”`;
}

export function visibilitySummary(isActive: boolean): string {
  return isActive ? 'Shown in the shop' : 'Hidden from the shop';
}

/** "Stock M: 4 → 10, L: 0 → 3": only sizes whose stock moved; null when none did. */
export function stockChangeSummary(changes: { size: string; from: number; to: number }[]): string | null {
  const moved = changes.filter((c) => c.from !== c.to);
  if (moved.length === 0) return null;
  return `Stock ${moved.map((c) => `${c.size}: ${c.from} → ${c.to}`).join(', ')}`;
}

/** A variant as the grid shows it (prices in paise; null: the product's). */
export interface GridCell {
  color: string;
  size: string;
  sku: string;
  stock: number;
  price: number | null;
  originalPrice: number | null;
}

/** The grid as stored or as written: its colours (rows), sizes (columns) and cells. */
export interface GridState {
  colors: string[];
  sizes: string[];
  cells: GridCell[];
}

/** How many changes of one kind a history line names before it counts the rest. */
const NAMED_CHANGES = 6;

function listed(kind: string, changes: string[]): string | null {
  if (changes.length === 0) return null;
  const named = changes.slice(0, NAMED_CHANGES).join(', ');
  const more = changes.length - NAMED_CHANGES;
  return `${kind} ${named}${more > 0 ? ` and ${more} more` : ''}`;
}

const priceText = (paise: number | null) => (paise === null ? 'product’s' : formatRupees(paise));
const listText = (list: string[]) => (list.length === 0 ? 'none' : list.map(colorName).join(', '));

/**
 * One line of what a save of the variant grid changed: "Variants: colours Navy → Navy, Red;
 * stock Navy / M: 4 → 10, Red / M: 0 → 3; SKU Navy / M: A → B; price Red / XL: product’s →
 * ₹1,299.00"; null when it changed nothing.
 */
export function variantGridSummary(before: GridState, after: GridState): string | null {
  const held = new Map(before.cells.map((c) => [variantKeyOf(c), c]));
  const stock: string[] = [];
  const skus: string[] = [];
  const prices: string[] = [];
  for (const cell of after.cells) {
    const was = held.get(variantKeyOf(cell));
    const label = variantLabel(cell);
    if ((was?.stock ?? 0) !== cell.stock) stock.push(`${label}: ${was?.stock ?? 0} → ${cell.stock}`);
    if (was && was.sku !== cell.sku) skus.push(`${label}: ${was.sku} → ${cell.sku}`);
    if ((was?.price ?? null) !== cell.price || (was?.originalPrice ?? null) !== cell.originalPrice) {
      const from = was ? priceText(was.price) : priceText(null);
      prices.push(
        `${label}: ${from} → ${priceText(cell.price)}${cell.originalPrice === null ? '' : ` (was ${formatRupees(cell.originalPrice)})`}`,
      );
    }
  }
  const parts = [
    before.colors.join('\u0000') === after.colors.join('\u0000')
      ? null
      : `colours ${listText(before.colors)} → ${listText(after.colors)}`,
    before.sizes.join('\u0000') === after.sizes.join('\u0000')
      ? null
      : `sizes ${before.sizes.join(', ') || 'none'} → ${after.sizes.join(', ')}`,
    listed('stock', stock),
    listed('SKU', skus),
    listed('price', prices),
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : `Variants: ${parts.join('; ')}`;
}

/** "Photos: 3 → 4; Navy: 2 photos; shared: 2": what a save of the photos changed; null when nothing did. */
export function photosSummary(
  before: { url: string; color: string | null }[],
  after: { url: string; color: string | null }[],
): string | null {
  if (JSON.stringify(before) === JSON.stringify(after)) return null;
  const counts = new Map<string, number>();
  for (const p of after) {
    const key = p.color === null ? 'shared' : colorName(p.color);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const per = [...counts].map(([key, n]) => `${key}: ${n}`).join(', ');
  const count = before.length === after.length ? 'reordered or recoloured' : `${before.length} → ${after.length}`;
  return `Photos ${count}${per ? ` (${per})` : ''}`;
}
