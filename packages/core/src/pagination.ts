/**
 * The page numbers a pagination bar shows: a sliding window of `size` numbers that keeps
 * the current page inside it (centred where it can be) and never leaves 1..totalPages.
 */
export function pageWindow(current: number, totalPages: number, size = 3): number[] {
  if (totalPages < 1 || size < 1) return [];
  const count = Math.min(size, totalPages);
  const page = Math.min(Math.max(1, current), totalPages);
  const start = Math.min(Math.max(1, page - Math.floor((count - 1) / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function totalPagesFor(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
