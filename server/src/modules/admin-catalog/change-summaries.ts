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
