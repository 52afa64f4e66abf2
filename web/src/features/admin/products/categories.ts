import type { Category } from './api.ts';

export interface CategoryOption {
  _id: string;
  /** "Men's clothing › Men's Shirts": a sub-category names its parents, so like names read apart. */
  label: string;
}

/** Categories in the order staff scan them: each top level by name, its sub-categories under it. */
export function categoryOptions(categories: readonly Category[]): CategoryOption[] {
  const known = new Set(categories.map((c) => c._id));
  const childrenOf = (parentId: string | null) =>
    categories
      // A parent the list does not hold counts as none, so no category is ever left out.
      .filter((c) => (parentId === null ? c.parentId === null || !known.has(c.parentId) : c.parentId === parentId))
      .sort((a, b) => a.name.localeCompare(b.name));

  const options: CategoryOption[] = [];
  const placed = new Set<string>();
  const place = (category: Category, prefix: string) => {
    if (placed.has(category._id)) return; // a loop in the data must not loop here
    placed.add(category._id);
    const label = `${prefix}${category.name}`;
    options.push({ _id: category._id, label });
    for (const child of childrenOf(category._id)) place(child, `${label} › `);
  };
  for (const top of childrenOf(null)) place(top, '');
  // Categories that only reach each other (a loop) still get listed.
  for (const rest of [...categories].sort((a, b) => a.name.localeCompare(b.name))) place(rest, '');
  return options;
}
