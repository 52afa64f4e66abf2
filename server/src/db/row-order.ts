/**
 * The one order in which every transaction writes variants' stock rows. Two transactions that
 * take their row locks in the same order never wait on each other in a circle, so PostgreSQL
 * never has to end one of them as a deadlock.
 */
export function variantRowKey(row: { productId: string; color: string; size: string }): string {
  return `${row.productId}|${row.color}|${row.size}`;
}

export function inVariantRowOrder<T extends { productId: string; color: string; size: string }>(
  rows: readonly T[],
): T[] {
  return [...rows].sort((a, b) => {
    const [x, y] = [variantRowKey(a), variantRowKey(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}
