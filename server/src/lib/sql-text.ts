import { sql } from 'kysely';

/**
 * A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally. Use it with
 * `escape '\\'`, which both SQLite and PostgreSQL understand.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What a product's `search_text` holds: its name, lower-cased once when it is written, so
 * that the staff list's name search is case-blind on SQLite and PostgreSQL alike.
 */
export function searchTextFor(name: string): string {
  return name.toLowerCase();
}

/** Name search on `products as p`: `text` anywhere in the name, any case, % and _ taken literally. */
export function nameMatches(text: string) {
  return sql<boolean>`p.search_text like ${containsPattern(searchTextFor(text))} escape '\\'`;
}
