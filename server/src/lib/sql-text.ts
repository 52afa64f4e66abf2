/**
 * A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally. Use it with
 * `escape '\\'`, which both SQLite and PostgreSQL understand.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
