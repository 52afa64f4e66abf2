/**
 * The one order in which every transaction writes product sizes' stock rows. Two
 * transactions that take their row locks in the same order never wait on each other in a
 * circle, so PostgreSQL never has to end one of them as a deadlock.
 */
export function sizeRowKey(row: { productId: string; size: string }): string {
  return `${row.productId}|${row.size}`;
}

export function inSizeRowOrder<T extends { productId: string; size: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => {
    const [x, y] = [sizeRowKey(a), sizeRowKey(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}
